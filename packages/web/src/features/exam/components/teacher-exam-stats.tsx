import '@mantine/core/styles/Table.layer.css';
import type { ExamStaticResponse } from '@dfrm/sdk/tms';
import { Paper, SimpleGrid, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { ChartFigure } from '@/components/chart/chart-figure';
import { ScrollBox } from '@/components/chart/scroll-box';
import { LoadError } from '@/components/feedback/load-error';
import { examStaticQuery } from '@/features/exam/api/teacher-exam-queries';
import { formatRate, formatScore, percentOf } from '@/shared/format';
import { EXAM_QUESTION_TYPE_LABELS } from '@/shared/labels';

type QuestionStat = ExamStaticResponse['questionStats'][number];

/** Discrimination as the spec grades it: 0.4 and above good, below 0.2 to be revised. */
export function discriminationVerdict(value: number | null): string {
  if (value === null) return '—';
  if (value >= 0.4) return '良好';
  if (value >= 0.2) return '尚可';
  return '宜修改';
}

const formatIndex = (value: number | null) => (value === null ? '—' : value.toFixed(2));

/** 统计分析 of an exam: who sat it, the score bands, and each question's item analysis. */
export function TeacherExamStats({ examId, passScore }: { examId: string; passScore: number }) {
  const stats = useQuery(examStaticQuery(examId));
  if (stats.isPending) {
    return (
      <Stack gap="lg" aria-busy="true" aria-label="正在加载统计">
        <Skeleton height={72} radius="md" />
        <Skeleton height={280} radius="md" />
        <Skeleton height={280} radius="md" />
      </Stack>
    );
  }
  if (stats.isError)
    return <LoadError title="统计加载失败" error={stats.error} onRetry={() => void stats.refetch()} />;
  const data = stats.data;
  const figures = [
    { label: '名单人数', value: String(data.examinerCount) },
    { label: '已交卷', value: String(data.submittedCount) },
    { label: '缺考', value: String(data.absentCount) },
    { label: '已出分', value: String(data.markedCount) },
    { label: '平均分', value: formatScore(data.averageScore) },
    { label: '最高分 / 最低分', value: `${formatScore(data.maxScore)} / ${formatScore(data.minScore)}` },
    { label: `及格率（${passScore} 分及格）`, value: formatRate(data.passRate) },
  ];
  const questionLabel = (item: QuestionStat) => `第 ${item.orderNo} 题`;

  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 2, sm: 4, lg: 7 }} spacing="sm" component="dl" m={0}>
        {figures.map((figure) => (
          <Paper key={figure.label} withBorder radius="md" p="sm">
            <Text component="dt" size="xs" c="dimmed">
              {figure.label}
            </Text>
            <Text component="dd" m={0} fw={600} size="lg">
              {figure.value}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
      {data.submittedCount === 0 ? (
        <Text size="sm" c="dimmed">
          还没有考生交卷：交卷后这里显示分数段分布和逐题分析。
        </Text>
      ) : (
        <>
          <Paper withBorder radius="md" p="md">
            <ChartFigure
              caption="分数段分布（人数）"
              spec={{
                type: 'bar',
                data: data.distribution.map((band) => ({ label: band.label, count: band.count })),
                dataKey: 'label',
                series: [{ name: 'count', label: '人数', color: 'blue' }],
              }}
              table={{
                head: ['分数段', '人数'],
                rows: data.distribution.map((band) => ({ key: band.label, cells: [band.label, band.count] })),
              }}
            />
          </Paper>

          <Paper withBorder radius="md" p="md">
            <Stack gap="md">
              <div>
                <Title order={3} fz="h5">
                  逐题分析
                </Title>
                <Text size="sm" c="dimmed" mt={4}>
                  得分率 = 平均得分 ÷ 分值，越低说明题越难；正确率是客观题全对的比例。区分度 = 按总分排序后前
                  27% 考生与后 27% 考生在本题得分率之差（-1 到 1）：0.4
                  以上说明本题能很好地区分掌握好与掌握差的考生，低于 0.2
                  宜修改，为负说明成绩差的考生反而答得更好，题目或答案可能有误。交卷不足 4
                  人或本题还有未评分的答卷时不计算区分度。
                </Text>
              </div>
              <ChartFigure
                caption="逐题得分率与正确率（%）"
                spec={{
                  type: 'bar',
                  unit: '%',
                  data: data.questionStats.map((item) => ({
                    label: questionLabel(item),
                    scoreRate: item.scoreRate === null ? null : percentOf(item.scoreRate),
                    correctRate: item.correctRate === null ? null : percentOf(item.correctRate),
                  })),
                  dataKey: 'label',
                  series: [
                    { name: 'scoreRate', label: '得分率', color: 'blue' },
                    { name: 'correctRate', label: '正确率', color: 'teal' },
                  ],
                }}
                table={{
                  head: ['题目', '得分率', '正确率'],
                  rows: data.questionStats.map((item) => ({
                    key: item.questionId,
                    cells: [questionLabel(item), formatRate(item.scoreRate), formatRate(item.correctRate)],
                  })),
                }}
              />
              <ChartFigure
                caption="逐题区分度（-1 到 1，虚线为 0.4）"
                spec={{
                  type: 'bar',
                  unit: 'index',
                  data: data.questionStats.map((item) => ({
                    label: questionLabel(item),
                    discrimination: item.discrimination,
                  })),
                  dataKey: 'label',
                  series: [{ name: 'discrimination', label: '区分度', color: 'grape' }],
                  reference: { value: 0.4, label: '良好 0.4' },
                }}
                table={{
                  head: ['题目', '区分度'],
                  rows: data.questionStats.map((item) => ({
                    key: item.questionId,
                    cells: [questionLabel(item), formatIndex(item.discrimination)],
                  })),
                }}
              />
              <ScrollBox label="逐题分析表">
                <Table striped fz="sm" miw={760} aria-label="逐题分析表">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th scope="col">题目</Table.Th>
                      <Table.Th scope="col">题型</Table.Th>
                      <Table.Th scope="col" ta="right">
                        分值
                      </Table.Th>
                      <Table.Th scope="col" ta="right">
                        作答人数
                      </Table.Th>
                      <Table.Th scope="col" ta="right">
                        平均得分
                      </Table.Th>
                      <Table.Th scope="col" ta="right">
                        得分率
                      </Table.Th>
                      <Table.Th scope="col" ta="right">
                        正确率
                      </Table.Th>
                      <Table.Th scope="col" ta="right">
                        区分度
                      </Table.Th>
                      <Table.Th scope="col">评价</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {data.questionStats.map((item) => (
                      <Table.Tr key={item.questionId}>
                        <Table.Th scope="row" fw={500}>
                          {questionLabel(item)}
                        </Table.Th>
                        <Table.Td>{EXAM_QUESTION_TYPE_LABELS[item.type]}</Table.Td>
                        <Table.Td ta="right">{item.score}</Table.Td>
                        <Table.Td ta="right">{item.answeredCount}</Table.Td>
                        <Table.Td ta="right">{formatScore(item.averageScore)}</Table.Td>
                        <Table.Td ta="right">{formatRate(item.scoreRate)}</Table.Td>
                        <Table.Td ta="right">{formatRate(item.correctRate)}</Table.Td>
                        <Table.Td ta="right">{formatIndex(item.discrimination)}</Table.Td>
                        <Table.Td>{discriminationVerdict(item.discrimination)}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </ScrollBox>
            </Stack>
          </Paper>
        </>
      )}
    </Stack>
  );
}
