import { Anchor, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconEdit } from '@tabler/icons-react';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { courseByIdQuery, courseTotalsQuery, teachingClassesQuery } from '@/features/teaching-class/api/course-queries';
import { AREA_PATHS, CLASS_DETAIL_PATH } from '@/features/teaching-class/area';
import type { TeachingArea } from '@/shared/teaching-area';
import { ClassStudentsPanel } from '@/features/teaching-class/components/class-students-panel';
import { CourseStatusBadge } from '@/features/teaching-class/components/course-status-badge';
import { SectionsPanel } from '@/features/teaching-class/components/sections-panel';
import { useCurrentSchool } from '@/features/teaching-class/components/use-current-school';

export interface TeachingClassDetailPageProps {
  area: TeachingArea;
  courseId: string;
  /** The teaching class whose students are listed; ALL_CLASSES for the whole course. */
  resourceId: string;
  onSelectClass: (resourceId: string) => void;
}

/** A course in full: summary, sections (with Excel import), teaching classes and their students. */
export function TeachingClassDetailPage({
  area,
  courseId,
  resourceId,
  onSelectClass,
}: TeachingClassDetailPageProps) {
  const { schoolId } = useCurrentSchool();
  const { data: course } = useSuspenseQuery(courseByIdQuery(schoolId, courseId));
  const { data: teachingClasses } = useSuspenseQuery(teachingClassesQuery(schoolId, courseId));
  const totals = useQuery(courseTotalsQuery(schoolId, courseId));
  const paths = AREA_PATHS[area];

  const facts: [string, string | number][] = [
    ['学生', totals.data?.studentNum ?? course.studentNum],
    ['教学班', totals.data?.teachingClassNum ?? teachingClasses.length],
    ['章节', totals.data?.sectionNum ?? course.sectionNum],
    [
      '作业（已发布）',
      totals.data ? `${totals.data.workNum}（${totals.data.publishedWorkNum}）` : course.workNum,
    ],
    ['课件', totals.data?.courseWareNum ?? course.courseWareNum],
    ['通知', totals.data?.announceNum ?? course.announceNum],
  ];

  return (
    <Stack gap="md">
      <Anchor component={Link} to={paths.list} size="sm">
        <Group gap={4}>
          <IconArrowLeft size={14} aria-hidden />
          返回教学班级
        </Group>
      </Anchor>
      <Paper withBorder radius="lg" p="lg" component="section" aria-label="课程概况">
        <Group justify="space-between" align="flex-start" gap="md">
          <div style={{ minWidth: 0 }}>
            <Group gap="sm">
              <Title order={1} fz="h3">
                {course.courseName}
              </Title>
              <CourseStatusBadge status={course.status} />
            </Group>
            <Text c="dimmed" size="sm" mt={4}>
              {course.startDate} 至 {course.endDate}
            </Text>
            {course.description ? (
              <Text size="sm" mt="sm" style={{ whiteSpace: 'pre-wrap' }}>
                {course.description}
              </Text>
            ) : null}
          </div>
          <Group gap="xs">
            {area === 'teaching-manage' ? (
              <Button
                variant="light"
                renderRoot={(props) => <Link {...props} to={CLASS_DETAIL_PATH} search={{ courseId }} />}
              >
                班级详情
              </Button>
            ) : null}
            <Button
              variant="default"
              leftSection={<IconEdit size={16} aria-hidden />}
              renderRoot={(props) => <Link {...props} to={paths.add} search={{ courseId }} />}
            >
              编辑课程
            </Button>
          </Group>
        </Group>
        <SimpleGrid cols={{ base: 2, sm: 3, md: 6 }} spacing="sm" mt="lg">
          {facts.map(([label, value]) => (
            <div key={label}>
              <Text size="xs" c="dimmed">
                {label}
              </Text>
              <Text fw={650} size="lg">
                {value}
              </Text>
            </div>
          ))}
        </SimpleGrid>
      </Paper>
      <SectionsPanel schoolId={schoolId} courseId={courseId} />
      <ClassStudentsPanel
        schoolId={schoolId}
        courseId={courseId}
        teachingClasses={teachingClasses}
        selected={resourceId}
        onSelect={onSelectClass}
      />
    </Stack>
  );
}
