import '@mantine/core/styles/Skeleton.layer.css';
import { SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { LoadError } from '@/components/feedback/load-error';
import { courseStatisticsQuery } from '@/features/homework/api/stats-queries';
import { useSchoolId } from '@/shared/session/current-school-id';
import { CourseClassesChart, CourseFigures } from './course-figures';
import { CourseWorksChart } from './course-works-chart';
import { StatsSection } from './stats-section';

/**
 * The course's homework at a glance, above the class page's student figures: its figures and
 * its works (and teaching classes) compared in small charts.
 */
export function CourseStatsSummary({ courseId }: { courseId: string }) {
  const schoolId = useSchoolId();
  const course = useQuery(courseStatisticsQuery(schoolId, courseId));

  return (
    <StatsSection
      title="课程作业概况"
      description="已发布作业的提交与得分；分数均为扣除迟交扣分后的最终得分。"
    >
      {course.isError ? (
        <LoadError title="课程统计加载失败" error={course.error} onRetry={() => void course.refetch()} />
      ) : course.isPending ? (
        <Stack gap="md" aria-busy="true">
          <Skeleton height={68} radius="md" />
          <Skeleton height={180} radius="md" />
        </Stack>
      ) : (
        <Stack gap="md">
          <CourseFigures course={course.data} compact />
          {course.data.works.length === 0 ? (
            <Text size="sm" c="dimmed">
              这门课程还没有发布作业。
            </Text>
          ) : (
            <SimpleGrid cols={{ base: 1, md: course.data.classes.length > 1 ? 2 : 1 }} spacing="lg">
              <CourseWorksChart works={course.data.works} compact />
              {course.data.classes.length > 1 ? (
                <CourseClassesChart classes={course.data.classes} compact />
              ) : null}
            </SimpleGrid>
          )}
        </Stack>
      )}
    </StatsSection>
  );
}
