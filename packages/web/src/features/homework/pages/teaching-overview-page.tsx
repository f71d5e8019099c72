import '@mantine/core/styles/Skeleton.layer.css';
import type { TmsStatisticsOverviewResponse } from '@dfrm/sdk/tms';
import { Container, EmptyState, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { IconChartBar } from '@tabler/icons-react';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { LoadError } from '@/components/feedback/load-error';
import { PageHeader } from '@/components/page/page-header';
import { SegmentedChoice } from '@/components/segmented-choice/segmented-choice';
import {
  DEFAULT_OVERVIEW_DAYS,
  OVERVIEW_DAYS,
  type OverviewDays,
  statsCoursesQuery,
  teachingOverviewQuery,
} from '@/features/homework/api/stats-queries';
import { ChartFigure } from '@/components/chart/chart-figure';
import { CourseStatsPanel } from '@/features/homework/components/course-stats-panel';
import { type Figure, FigureList } from '@/features/homework/components/figure-list';
import { ReceivedWorkPanel } from '@/features/homework/components/received-work-panel';
import { StatsSection } from '@/features/homework/components/stats-section';
import { HOMEWORK_PATHS } from '@/features/homework/homework-paths';
import { FIGURE_LABELS, FIGURES_NOTE, formatDay, formatRate } from '@/features/homework/stats-format';
import { currentSchoolQuery } from '@/shared/session/school-info';
import type { TeachingArea } from '@/shared/teaching-area';

type Overview = TmsStatisticsOverviewResponse;

const DAY_CHOICES = OVERVIEW_DAYS.map((days) => ({ value: String(days), label: `近 ${days} 天` }));

function overviewFigures(overview: Overview): Figure[] {
  const days = overview.trend.length;
  return [
    { label: '课程', value: overview.courseCount, note: `${overview.teachingClassCount} 个教学班` },
    { label: '学生', value: overview.studentCount },
    ...(overview.scope === 'school' ? [{ label: '教师', value: overview.teacherCount }] : []),
    { label: '已发布作业', value: overview.workCount },
    { label: FIGURE_LABELS.submitRate, value: formatRate(overview.workSubmitRate), note: '已提交 ÷ 应交' },
    {
      label: FIGURE_LABELS.averageScoreRate,
      value: formatRate(overview.averageWorkScoreRate),
      note: '已批改作业的最终得分 ÷ 满分',
    },
    {
      label: FIGURE_LABELS.activeStudents,
      value: overview.activeStudentCount,
      note: `近 ${days} 天有学习或提交`,
    },
  ];
}

function TrendChart({ trend }: { trend: Overview['trend'] }) {
  const quiet = trend.every((day) => day.activeStudentCount === 0 && day.submittedWorkCount === 0);
  if (quiet) {
    return (
      <Text c="dimmed" size="sm">
        近 {trend.length} 天还没有学生学习或提交作业。
      </Text>
    );
  }
  return (
    <ChartFigure
      caption={`近 ${trend.length} 天每日${FIGURE_LABELS.activeStudents}与作业${FIGURE_LABELS.dailySubmitted}`}
      height={240}
      spec={{
        type: 'area',
        dataKey: 'day',
        series: [
          { name: 'active', label: FIGURE_LABELS.activeStudents, color: 'blue.6' },
          { name: 'submitted', label: FIGURE_LABELS.dailySubmitted, color: 'teal.6' },
        ],
        data: trend.map((day) => ({
          day: formatDay(day.date),
          active: day.activeStudentCount,
          submitted: day.submittedWorkCount,
        })),
      }}
      table={{
        head: ['日期', FIGURE_LABELS.activeStudents, FIGURE_LABELS.dailySubmitted],
        rows: trend.map((day) => ({
          key: day.date,
          cells: [formatDay(day.date), day.activeStudentCount, day.submittedWorkCount],
        })),
      }}
    />
  );
}

export interface TeachingOverviewPageProps {
  area: TeachingArea;
  courseId?: string | undefined;
  workId?: string | undefined;
}

/**
 * 学情概览: a teacher's own teaching (a school manager's whole school) in figures and a daily
 * trend, the works waiting to be graded (teachers), and one course's works and classes compared.
 */
export function TeachingOverviewPage({ area, courseId, workId }: TeachingOverviewPageProps) {
  const { schoolId, type } = useSuspenseQuery(currentSchoolQuery()).data;
  const teacher = type === 'teacher';
  const navigate = useNavigate();
  const [days, setDays] = useState<OverviewDays>(DEFAULT_OVERVIEW_DAYS);
  const overview = useQuery(teachingOverviewQuery(schoolId, days));
  const courses = useQuery(statsCoursesQuery(schoolId));
  const list = courses.data ?? [];
  // An id that is not one of the caller's courses is ignored: the first course shows.
  const selectedCourse = list.find((course) => course.courseId === courseId)?.courseId ?? list[0]?.courseId;
  const go = (search: { courseId?: string; workId?: string }) =>
    void navigate({ to: HOMEWORK_PATHS[area].overview, search });

  return (
    <Container size="xl" py="md">
      <Stack gap="lg">
        <PageHeader
          title="学情概览"
          description={
            teacher ? '你任教的课程与教学班的学习和作业情况。' : '全校课程与教学班的学习和作业情况。'
          }
          actions={
            <SegmentedChoice
              label="统计天数"
              data={DAY_CHOICES}
              value={String(days)}
              onChange={(value) => setDays(Number(value) as OverviewDays)}
            />
          }
        />

        {overview.isError ? (
          <LoadError
            title="学情概览加载失败"
            error={overview.error}
            onRetry={() => void overview.refetch()}
          />
        ) : (
          <SimpleGrid cols={{ base: 1, md: teacher ? 3 : 1 }} spacing="lg">
            <div style={{ gridColumn: teacher ? 'span 2' : undefined, minWidth: 0 }}>
              <StatsSection
                title={overview.data?.scope === 'school' ? '全校概况' : '教学概况'}
                description={`作业只计已发布的；${FIGURE_LABELS.activeStudents}为统计天数内有学习或提交作业的学生。`}
              >
                {overview.isPending ? (
                  <Stack gap="md" aria-busy="true">
                    <Skeleton height={76} radius="md" />
                    <Skeleton height={240} radius="md" />
                  </Stack>
                ) : (
                  <Stack gap="lg">
                    <FigureList figures={overviewFigures(overview.data)} cols={{ base: 2, sm: 4, lg: 4 }} />
                    <TrendChart trend={overview.data.trend} />
                  </Stack>
                )}
              </StatsSection>
            </div>
            {teacher ? <ReceivedWorkPanel area={area} schoolId={schoolId} /> : null}
          </SimpleGrid>
        )}

        {courses.isError ? (
          <LoadError title="课程列表加载失败" error={courses.error} onRetry={() => void courses.refetch()} />
        ) : courses.isPending ? (
          <Skeleton height={320} radius="lg" />
        ) : selectedCourse === undefined ? (
          <EmptyState
            icon={<IconChartBar size={28} aria-hidden />}
            variant="light"
            title="还没有课程"
            description={
              teacher ? '创建课程并发布作业后，这里会显示每门课程的作业情况。' : '学校还没有课程。'
            }
          />
        ) : (
          <CourseStatsPanel
            schoolId={schoolId}
            courses={list}
            courseId={selectedCourse}
            workId={workId}
            teacher={teacher}
            onCourseChange={(next) => go({ courseId: next })}
            onWorkChange={(next) => go({ courseId: selectedCourse, workId: next })}
          />
        )}

        <Text size="xs" c="dimmed">
          {FIGURES_NOTE}
        </Text>
      </Stack>
    </Container>
  );
}
