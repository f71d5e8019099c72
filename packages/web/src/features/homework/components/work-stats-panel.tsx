import '@mantine/core/styles/Combobox.layer.css';
import '@mantine/core/styles/Popover.layer.css';
import '@mantine/core/styles/Skeleton.layer.css';
import '@mantine/core/styles/Table.layer.css';
import type { TmsStatisticsCourseResponse } from '@dfrm/sdk/tms';
import { Select, SimpleGrid, Skeleton, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { LoadError } from '@/components/feedback/load-error';
import { workDistributionQuery, workStatisticsQuery } from '@/features/homework/api/stats-queries';
import { FIGURE_LABELS, formatRate, formatScore } from '@/features/homework/stats-format';
import { formatInstant } from '@/shared/format';
import { ChartFigure } from '@/components/chart/chart-figure';
import { FigureList } from './figure-list';
import { StatsSection } from './stats-section';
import { ScrollBox } from '@/components/chart/scroll-box';

type CourseWork = TmsStatisticsCourseResponse['works'][number];

/**
 * One work of the course in detail (its teacher's view): the work picker, its hand-ins and
 * scores (getCourseWorkStatisticsV2, with each teaching class) and the distribution of its
 * graded scores in five bands (getCourseWorkDistribution).
 */
export function WorkStatsPanel({
  works,
  workId,
  onWorkChange,
}: {
  works: readonly CourseWork[];
  workId: string | undefined;
  onWorkChange: (workId: string) => void;
}) {
  const statistics = useQuery({ ...workStatisticsQuery(workId ?? ''), enabled: workId !== undefined });
  const distribution = useQuery({ ...workDistributionQuery(workId ?? ''), enabled: workId !== undefined });
  const classesId = useId();

  const picker = (
    <Select
      label="作业"
      placeholder="选择作业"
      w={260}
      maw="100%"
      data={works.map((work) => ({ value: work.workId, label: work.title }))}
      value={workId ?? null}
      onChange={(value) => value && onWorkChange(value)}
      allowDeselect={false}
      searchable
      nothingFoundMessage="没有这个作业"
      comboboxProps={{ withinPortal: true }}
    />
  );

  return (
    <StatsSection
      order={3}
      title="单个作业"
      description="所选作业的提交、批改与成绩分布（按最终得分）。"
      actions={picker}
    >
      {workId === undefined ? (
        <Text c="dimmed" size="sm">
          选择一个作业查看它的成绩分布。
        </Text>
      ) : statistics.isError ? (
        <LoadError
          title="作业统计加载失败"
          error={statistics.error}
          onRetry={() => void statistics.refetch()}
        />
      ) : statistics.isPending ? (
        <Stack gap="sm" aria-busy="true" aria-label="正在加载作业统计">
          <Skeleton height={76} radius="md" />
          <Skeleton height={220} radius="md" />
        </Stack>
      ) : (
        <Stack gap="lg">
          <FigureList
            compact
            cols={{ base: 2, sm: 4, lg: 8 }}
            figures={[
              { label: FIGURE_LABELS.expected, value: statistics.data.studentNum },
              { label: FIGURE_LABELS.submitted, value: statistics.data.submittedNum },
              { label: FIGURE_LABELS.unsubmitted, value: statistics.data.unsubmittedNum },
              { label: FIGURE_LABELS.late, value: statistics.data.lateNum },
              { label: FIGURE_LABELS.graded, value: statistics.data.scoredNum },
              { label: FIGURE_LABELS.waiting, value: statistics.data.uncorrectedNum },
              {
                label: FIGURE_LABELS.averageScore,
                value: `${formatScore(statistics.data.avgScore)} / ${statistics.data.fullScore}`,
                note: `最高 ${formatScore(statistics.data.maxScore)}，最低 ${formatScore(statistics.data.minScore)}`,
              },
              {
                label: FIGURE_LABELS.passRate,
                value: statistics.data.scoredNum ? formatRate(statistics.data.passRate) : '—',
                note: `及格线 ${statistics.data.passScore} 分，${statistics.data.passNum}/${statistics.data.scoredNum} 及格`,
              },
            ]}
          />
          <Text size="xs" c="dimmed">
            截止时间 {formatInstant(statistics.data.deadline, '不限')}
          </Text>
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
            {distribution.isError ? (
              <LoadError
                title="成绩分布加载失败"
                error={distribution.error}
                onRetry={() => void distribution.refetch()}
              />
            ) : distribution.isPending ? (
              <Skeleton height={260} radius="md" />
            ) : (
              <ChartFigure
                caption={`成绩分布（已批改 ${distribution.data.scoredNum} 份，待批改 ${distribution.data.uncorrectedNum} 份，未提交 ${distribution.data.unsubmittedNum} 份）`}
                height={220}
                spec={{
                  type: 'bar',
                  dataKey: 'band',
                  series: [{ name: 'count', label: '份数', color: 'indigo.6' }],
                  data: distribution.data.buckets.map((bucket) => ({
                    band: `${bucket.label}%`,
                    count: bucket.count,
                  })),
                }}
                table={{
                  head: ['得分率区间', '份数'],
                  rows: distribution.data.buckets.map((bucket) => ({
                    key: bucket.label,
                    cells: [`${bucket.label}%`, bucket.count],
                  })),
                }}
              />
            )}
            <div>
              <Text size="sm" fw={600} mb="xs" id={classesId}>
                各教学班
              </Text>
              <ScrollBox label="各教学班">
                <Table fz="sm" striped aria-labelledby={classesId} miw={440}>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th scope="col">教学班</Table.Th>
                      <Table.Th scope="col" ta="right">
                        {FIGURE_LABELS.submitted} / {FIGURE_LABELS.expected}
                      </Table.Th>
                      <Table.Th scope="col" ta="right">
                        {FIGURE_LABELS.graded}
                      </Table.Th>
                      <Table.Th scope="col" ta="right">
                        {FIGURE_LABELS.averageScore}
                      </Table.Th>
                      <Table.Th scope="col" ta="right">
                        {FIGURE_LABELS.passRate}
                      </Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {statistics.data.byClass.map((item) => (
                      <Table.Tr key={item.teachingClassId}>
                        <Table.Th scope="row" fw={500}>
                          {item.teachingClassName}
                        </Table.Th>
                        <Table.Td ta="right">
                          {item.submittedNum} / {item.studentNum}
                        </Table.Td>
                        <Table.Td ta="right">{item.scoredNum}</Table.Td>
                        <Table.Td ta="right">{formatScore(item.avgScore)}</Table.Td>
                        <Table.Td ta="right">{item.scoredNum ? formatRate(item.passRate) : '—'}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </ScrollBox>
            </div>
          </SimpleGrid>
        </Stack>
      )}
    </StatsSection>
  );
}
