import { Anchor, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { LoadError } from '@/components/feedback/load-error';
import { courseSummaryQuery } from '@/features/teaching-class/api/course-queries';
import { AREA_PATHS, type ClassTab } from '@/features/teaching-class/area';
import type { TeachingArea } from '@/shared/teaching-area';
import { classPageLink } from './class-page-link';
import { CourseStatusBadge } from './course-status-badge';
import { useCurrentSchool } from './use-current-school';

/**
 * A page about one course opened without one: says so and lists the
 * teacher's courses, each leading to its class page (on `tab` when given).
 */
export function CourseChooser({ area, tab }: { area: TeachingArea; tab?: ClassTab | undefined }) {
  const { schoolId } = useCurrentSchool();
  const courses = useQuery(courseSummaryQuery(schoolId));
  const paths = AREA_PATHS[area];

  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="course-chooser-title">
      <Stack gap="md">
        <div>
          <Title order={1} fz="h3" id="course-chooser-title">
            没有指定课程
          </Title>
          <Text size="sm" c="dimmed" mt={4}>
            这个页面属于一门课程，地址里没有说明是哪一门。请选择要查看的课程：
          </Text>
        </div>
        {courses.isPending ? (
          <Stack gap="xs" aria-busy="true" aria-label="正在加载课程">
            <Skeleton height={24} width="60%" />
            <Skeleton height={24} width="50%" />
          </Stack>
        ) : courses.isError ? (
          <LoadError title="课程加载失败" error={courses.error} onRetry={() => void courses.refetch()} />
        ) : courses.data.length === 0 ? (
          <Group gap="sm">
            <Text size="sm">你还没有课程。</Text>
            <Button
              size="xs"
              leftSection={<IconPlus size={14} aria-hidden />}
              renderRoot={(props) => <Link {...props} to={paths.add} />}
            >
              新建课程
            </Button>
          </Group>
        ) : (
          <Stack
            gap={6}
            component="ul"
            aria-label="我的课程"
            style={{ listStyle: 'none', padding: 0, margin: 0 }}
          >
            {courses.data.map((course) => (
              <Group key={course.courseId} gap="sm" component="li" wrap="nowrap">
                <Anchor
                  fw={600}
                  size="sm"
                  renderRoot={(props) => <Link {...props} {...classPageLink(area, course.courseId, tab)} />}
                >
                  {course.courseName}
                </Anchor>
                <CourseStatusBadge status={course.status} />
                <Text size="xs" c="dimmed" truncate>
                  {course.teachingClasses.map((tc) => tc.className).join('、')}
                </Text>
              </Group>
            ))}
          </Stack>
        )}
        <Anchor size="sm" renderRoot={(props) => <Link {...props} to={paths.list} />}>
          返回教学班级
        </Anchor>
      </Stack>
    </Paper>
  );
}
