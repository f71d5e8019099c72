import '@mantine/core/styles/Combobox.layer.css';
import '@mantine/core/styles/Popover.layer.css';
import '@mantine/core/styles/Skeleton.layer.css';
import { Select, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { LoadError } from '@/components/feedback/load-error';
import { coursePassRatesQuery, courseStatisticsQuery } from '@/features/homework/api/stats-queries';
import { CourseClassesChart, CourseFigures } from './course-figures';
import { CourseWorksChart } from './course-works-chart';
import { StatsSection } from './stats-section';
import { WorkStatsPanel } from './work-stats-panel';

export interface CourseStatsPanelProps {
  schoolId: string;
  courses: readonly { courseId: string; courseName: string }[];
  courseId: string;
  workId: string | undefined;
  /** The caller teaches: pass rates and single works are shown (teacher-only operations). */
  teacher: boolean;
  onCourseChange: (courseId: string) => void;
  onWorkChange: (workId: string) => void;
}

/**
 * One course's homework (tmsStatisticsCourse): its figures, its works compared (with each
 * work's pass rate, per teaching class, for its teacher), its teaching classes compared, and
 * for the teacher one work in detail.
 */
export function CourseStatsPanel({
  schoolId,
  courses,
  courseId,
  workId,
  teacher,
  onCourseChange,
  onWorkChange,
}: CourseStatsPanelProps) {
  const course = useQuery(courseStatisticsQuery(schoolId, courseId));
  const passRates = useQuery({ ...coursePassRatesQuery(schoolId, courseId), enabled: teacher });
  const works = course.data?.works ?? [];
  // The work shown: the one chosen, else the latest due that has hand-ins, else the latest.
  const chosenWork =
    works.find((work) => work.workId === workId)?.workId ??
    [...works].reverse().find((work) => (work.submitRate ?? 0) > 0)?.workId ??
    works.at(-1)?.workId;

  const picker = (
    <Select
      label="课程"
      w={260}
      maw="100%"
      data={courses.map((item) => ({ value: item.courseId, label: item.courseName }))}
      value={courseId}
      onChange={(value) => value && onCourseChange(value)}
      allowDeselect={false}
      searchable
      nothingFoundMessage="没有这门课程"
      comboboxProps={{ withinPortal: true }}
    />
  );

  return (
    <StatsSection
      title="课程作业"
      description="所选课程已发布作业的提交与成绩，逐个作业、逐个教学班对比。"
      actions={picker}
    >
      {course.isError ? (
        <LoadError title="课程统计加载失败" error={course.error} onRetry={() => void course.refetch()} />
      ) : course.isPending ? (
        <Stack gap="md" aria-busy="true">
          <Skeleton height={76} radius="md" />
          <Skeleton height={240} radius="md" />
        </Stack>
      ) : (
        <Stack gap="xl">
          <CourseFigures course={course.data} />
          {works.length === 0 ? (
            <Text c="dimmed" size="sm">
              这门课程还没有发布作业，发布后这里会显示每个作业的提交与成绩。
            </Text>
          ) : (
            <>
              {passRates.isError ? (
                <LoadError
                  title="及格率加载失败"
                  error={passRates.error}
                  onRetry={() => void passRates.refetch()}
                />
              ) : null}
              {teacher && passRates.isPending ? (
                <Skeleton height={300} radius="md" />
              ) : (
                <CourseWorksChart works={works} passRates={teacher ? passRates.data : undefined} />
              )}
            </>
          )}
          {course.data.classes.length > 1 ? (
            <SimpleGrid cols={{ base: 1, lg: 2 }}>
              <CourseClassesChart classes={course.data.classes} />
            </SimpleGrid>
          ) : null}
          {teacher && works.length > 0 ? (
            <WorkStatsPanel works={works} workId={chosenWork} onWorkChange={onWorkChange} />
          ) : null}
        </Stack>
      )}
    </StatsSection>
  );
}
