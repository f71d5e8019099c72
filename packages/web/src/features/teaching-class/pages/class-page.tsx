import '@mantine/core/styles/Badge.layer.css';
import { ApiError, ErrCode } from '@dfrm/sdk';
import type { CourseV2Item } from '@dfrm/sdk/tms';
import { Anchor, Badge, Button, Group, Paper, SimpleGrid, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconEdit } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { type ReactNode, Suspense } from 'react';
import { LoadError } from '@/components/feedback/load-error';
import { TablePageSkeleton } from '@/components/data-table/table-page-skeleton';
import { classCourseQuery, courseTotalsQuery } from '@/features/teaching-class/api/course-queries';
import { AREA_PATHS, CLASS_TABS, type ClassTab } from '@/features/teaching-class/area';
import { CourseStatusBadge } from '@/features/teaching-class/components/course-status-badge';
import { SectionsPanel } from '@/features/teaching-class/components/sections-panel';
import { useCurrentSchool } from '@/features/teaching-class/components/use-current-school';
import type { TeachingArea } from '@/shared/teaching-area';

/** The tabs whose pages belong to other features (students, notices, courseware, data). */
export type ComposedClassTab = Exclude<ClassTab, 'chapters'>;

export interface ClassPageProps {
  area: TeachingArea;
  courseId: string;
  tab: ClassTab;
  onTabChange: (tab: ClassTab) => void;
  /**
   * The other features' tab pages, already narrowed to this course. Features
   * do not import each other, so whoever mounts the page (app/) composes them.
   */
  renderTab: (tab: ComposedClassTab, course: CourseV2Item) => ReactNode;
  /** A tab pointed at or focused, likely to be opened next (its code may be fetched ahead). */
  onTabIntent?: (tab: ClassTab) => void;
}

/**
 * The class page, the one place of a course in both teaching areas: its
 * header (name, status, dates, teaching classes, figures) stays while the
 * tabs switch between chapters, students, notices, courseware and data.
 */
export function ClassPage({ area, courseId, tab, onTabChange, renderTab, onTabIntent }: ClassPageProps) {
  const { schoolId } = useCurrentSchool();
  const course = useQuery(classCourseQuery(schoolId, courseId));
  const paths = AREA_PATHS[area];

  const back = (
    <Anchor renderRoot={(props) => <Link {...props} to={paths.list} />} size="sm">
      <Group gap={4} component="span">
        <IconArrowLeft size={14} aria-hidden />
        返回教学班级
      </Group>
    </Anchor>
  );

  if (course.isPending) {
    return (
      <Stack gap="md">
        {back}
        <TablePageSkeleton rows={6} />
      </Stack>
    );
  }
  if (course.isError) {
    const missing =
      course.error instanceof ApiError &&
      (course.error.errCode === ErrCode.notFound || course.error.errCode === ErrCode.forbidden);
    return (
      <Stack gap="md">
        {back}
        {missing ? (
          <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="class-missing-title">
            <Title order={1} fz="h3" id="class-missing-title">
              课程不存在或您无权查看
            </Title>
            <Text size="sm" c="dimmed" mt={4}>
              这门课程可能已被删除，或者不是你任教的课程。
            </Text>
            <Button mt="md" renderRoot={(props) => <Link {...props} to={paths.list} />}>
              查看我的课程
            </Button>
          </Paper>
        ) : (
          <LoadError title="课程加载失败" error={course.error} onRetry={() => void course.refetch()} />
        )}
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      {back}
      <ClassHeader area={area} schoolId={schoolId} course={course.data} />
      <Tabs
        value={tab}
        onChange={(value) => {
          if (value && value !== tab) onTabChange(value as ClassTab);
        }}
        keepMounted={false}
      >
        <Tabs.List aria-label="班级详情">
          {CLASS_TABS.map((item) => (
            <Tabs.Tab
              key={item.value}
              value={item.value}
              onPointerEnter={() => onTabIntent?.(item.value)}
              onFocus={() => onTabIntent?.(item.value)}
            >
              {item.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {CLASS_TABS.map((item) => (
          <Tabs.Panel key={item.value} value={item.value} pt="md">
            {item.value === 'chapters' ? (
              <SectionsPanel schoolId={schoolId} courseId={courseId} />
            ) : (
              <Suspense fallback={<TablePageSkeleton rows={6} />}>
                {renderTab(item.value, course.data)}
              </Suspense>
            )}
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}

function ClassHeader({
  area,
  schoolId,
  course,
}: {
  area: TeachingArea;
  schoolId: string;
  course: CourseV2Item;
}) {
  const totals = useQuery(courseTotalsQuery(schoolId, course.courseId));
  const facts: [string, string | number][] = [
    ['学生', totals.data?.studentNum ?? course.studentNum],
    ['教学班', totals.data?.teachingClassNum ?? course.teachingClasses.length],
    ['章节', totals.data?.sectionNum ?? course.sectionNum],
    [
      '作业（已发布）',
      totals.data ? `${totals.data.workNum}（${totals.data.publishedWorkNum}）` : course.workNum,
    ],
    ['课件', totals.data?.courseWareNum ?? course.courseWareNum],
    ['通知', totals.data?.announceNum ?? course.announceNum],
  ];

  return (
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
          <Group gap={6} mt="xs" aria-label="教学班" role="list">
            {course.teachingClasses.length === 0 ? (
              <Text size="sm" c="dimmed" role="listitem">
                还没有教学班
              </Text>
            ) : (
              course.teachingClasses.map((tc) => (
                <Badge
                  key={tc.teachingClassId}
                  role="listitem"
                  variant="light"
                  color="gray"
                  radius="sm"
                  tt="none"
                >
                  {tc.className} · {tc.studentCount}人
                </Badge>
              ))
            )}
          </Group>
          {course.description ? (
            <Text size="sm" mt="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {course.description}
            </Text>
          ) : null}
        </div>
        <Button
          variant="default"
          leftSection={<IconEdit size={16} aria-hidden />}
          renderRoot={(props) => (
            <Link {...props} to={AREA_PATHS[area].add} search={{ courseId: course.courseId }} />
          )}
        >
          编辑课程
        </Button>
      </Group>
      <SimpleGrid cols={{ base: 3, md: 6 }} spacing="sm" mt="lg">
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
  );
}
