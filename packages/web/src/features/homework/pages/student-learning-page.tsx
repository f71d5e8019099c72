import '@mantine/core/styles/Badge.layer.css';
import '@mantine/core/styles/Table.layer.css';
import type { MyWorkItem } from '@dfrm/sdk/tms';
import { Badge, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { LoadError } from '@/components/feedback/load-error';
import { myCourseFiguresQuery, myCourseWorksQuery } from '@/features/homework/api/stats-queries';
import { ChartFigure } from '@/components/chart/chart-figure';
import { FigureList } from '@/features/homework/components/figure-list';
import { StatsSection } from '@/features/homework/components/stats-section';
import { StudentHomeFigures } from '@/features/homework/components/student-home-figures';
import { WorkStatusBadge } from '@/features/homework/components/work-status-badge';
import { StudentLearningSkeleton } from '@/features/homework/pages/stats-page-skeletons';
import { FIGURE_LABELS, formatRate, formatScore, percentOf } from '@/features/homework/stats-format';
import { formatInstant } from '@/shared/format';
import { useSchoolId } from '@/shared/session/current-school-id';
import { ScrollBox } from '@/components/chart/scroll-box';

const handedIn = (work: MyWorkItem) => work.status === 1 || work.status === 2;

/** A published, graded work: the only scores a student sees. */
const scored = (work: MyWorkItem): work is MyWorkItem & { score: number } =>
  work.scoreStatus === 1 && work.score !== null;

function scoreText(work: MyWorkItem): string {
  if (scored(work)) return `${formatScore(work.score)} / ${work.totalScore}`;
  if (work.status === 2) return '成绩未公布';
  return '—';
}

function CourseWorks({ works }: { works: readonly MyWorkItem[] }) {
  if (works.length === 0) {
    return (
      <Text c="dimmed" size="sm">
        这门课程还没有布置作业。
      </Text>
    );
  }
  return (
    <ScrollBox label="作业成绩">
      <Table fz="sm" striped aria-label="作业成绩" miw={480}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">作业</Table.Th>
            <Table.Th scope="col">截止时间</Table.Th>
            <Table.Th scope="col">状态</Table.Th>
            <Table.Th scope="col" ta="right">
              成绩
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {works.map((work) => (
            <Table.Tr key={work.workId}>
              <Table.Th scope="row" fw={500}>
                {work.title}
              </Table.Th>
              <Table.Td>{formatInstant(work.endTime)}</Table.Td>
              <Table.Td>
                <WorkStatusBadge status={work.status} />
                {work.isLate ? (
                  <Badge ml={6} size="xs" radius="sm" color="orange" variant="light">
                    {FIGURE_LABELS.late}
                  </Badge>
                ) : null}
                {work.overdue ? (
                  <Badge ml={6} size="xs" radius="sm" color="red" variant="light">
                    已截止
                  </Badge>
                ) : null}
              </Table.Td>
              <Table.Td ta="right">{scoreText(work)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollBox>
  );
}

function CourseLearning({ courseId }: { courseId: string }) {
  const schoolId = useSchoolId();
  const figures = useQuery(myCourseFiguresQuery(schoolId, courseId));
  const works = useQuery(myCourseWorksQuery(schoolId, courseId));
  if (figures.isError || works.isError) {
    const failed = figures.isError ? figures : works;
    return <LoadError title="学习情况加载失败" error={failed.error} onRetry={() => void failed.refetch()} />;
  }
  if (figures.isPending || works.isPending) return <StudentLearningSkeleton />;

  const stats = figures.data;
  const list = works.data.list;
  const onTime = list.filter((work) => handedIn(work) && !work.isLate).length;
  const published = list.filter(scored);
  const classAverage = stats.classAverageScoreRate;

  return (
    <Stack gap="lg">
      <StatsSection
        title="作业情况"
        description="得分率为最终得分（扣除迟交扣分后）÷ 满分，只计成绩已公布的作业；班级平均为全班在同样作业上的平均。"
      >
        <Stack gap="lg">
          <FigureList
            cols={{ base: 2, sm: 3, lg: 6 }}
            figures={[
              { label: '作业', value: stats.workCount },
              {
                label: FIGURE_LABELS.submitted,
                value: stats.submittedCount,
                note: `按时 ${onTime}，${FIGURE_LABELS.late} ${stats.lateCount}`,
              },
              {
                label: FIGURE_LABELS.unsubmitted,
                value: stats.unsubmittedCount,
                note: `已截止 ${stats.overdueCount}`,
              },
              { label: FIGURE_LABELS.graded, value: stats.correctedCount },
              { label: '我的平均得分率', value: formatRate(stats.averageScoreRate) },
              { label: '班级平均得分率', value: formatRate(classAverage) },
            ]}
          />
          {published.length === 0 ? (
            <Text c="dimmed" size="sm">
              还没有公布成绩的作业，公布后这里会显示每个作业的得分率。
            </Text>
          ) : (
            <ChartFigure
              caption={`各作业得分率（成绩已公布的作业${
                classAverage === null ? '' : `；班级平均得分率 ${formatRate(classAverage)}`
              }）`}
              height={200}
              spec={{
                type: 'bar',
                dataKey: 'title',
                unit: '%',
                series: [{ name: 'rate', label: '我的得分率', color: 'teal.6' }],
                data: published.map((work) => ({
                  title: work.title,
                  rate: percentOf(work.score / work.totalScore),
                })),
                ...(classAverage === null
                  ? {}
                  : { reference: { value: percentOf(classAverage), label: '班级平均' } }),
              }}
              table={{
                head: ['作业', '得分', '满分', '得分率'],
                rows: published.map((work) => ({
                  key: work.workId,
                  cells: [
                    work.title,
                    formatScore(work.score),
                    work.totalScore,
                    `${percentOf(work.score / work.totalScore)}%`,
                  ],
                })),
              }}
            />
          )}
        </Stack>
      </StatsSection>
      <StatsSection title="作业成绩" description="成绩在老师公布后显示。">
        <CourseWorks works={list} />
      </StatsSection>
    </Stack>
  );
}

/**
 * The student's 学习 tab of the class frame: in one course their homework figures beside the
 * class's average, a chart of their published scores and every work with its published score;
 * without a course, their figures over all courses.
 */
export function StudentLearningPage({ courseId }: { courseId?: string | undefined }) {
  if (!courseId) {
    return (
      <Stack gap="md">
        <StudentHomeFigures area="teaching-manage" />
        <Text size="sm" c="dimmed">
          从“我的课程”进入一门课程，可以看到每个作业的成绩和班级平均。
        </Text>
      </Stack>
    );
  }
  return <CourseLearning courseId={courseId} />;
}
