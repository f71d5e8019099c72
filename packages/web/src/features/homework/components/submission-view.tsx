import '@mantine/core/styles/Badge.layer.css';
import type { StudentWorkDetail, WorkStrategySnapshot } from '@dfrm/sdk/tms';
import { Badge, Divider, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { RichTextView } from '@/components/rich-text/rich-text-view';
import { formatInstant } from '@/shared/format';
import { WorkFileList } from '@/features/homework/components/work-file-list';
import { WorkStatusBadge } from '@/features/homework/components/work-status-badge';
import { membersText } from '@/features/homework/grading-format';

/** The left side of the grading view: who handed in what and when. */
export function SubmissionView({ detail }: { detail: StudentWorkDetail }) {
  const group = detail.groupName !== '';
  const title = group ? detail.groupName : detail.student.studentName;
  return (
    <Paper
      component="section"
      withBorder
      radius="lg"
      p="lg"
      aria-label="学生提交"
      // the grading bench waits for the next student by this
      data-student-work-id={detail.studentWorkId}
    >
      <Stack gap="md">
        <div>
          <Group gap="sm" wrap="wrap">
            <Title order={2} fz="h3">
              {title}
            </Title>
            <WorkStatusBadge status={detail.status} />
            {detail.lateDays > 0 ? (
              <Badge variant="light" color="orange" radius="sm">
                迟交 {detail.lateDays} 天
              </Badge>
            ) : null}
          </Group>
          <Text size="sm" c="dimmed" mt={4}>
            {group
              ? `成员：${membersText(detail.members)}`
              : `学号 ${detail.student.studentNumber} · ${detail.student.className}`}
          </Text>
          <Text size="sm" c="dimmed">
            {detail.submitTime
              ? `提交时间 ${formatInstant(detail.submitTime)}${detail.lateDays > 0 ? `（截止后第 ${detail.lateDays} 天）` : '（按时）'}`
              : '还没有提交'}
          </Text>
        </div>
        <Divider />
        {detail.status === 0 ? (
          <Text size="sm" c="dimmed">
            学生还没有提交这份作业；提交后这里显示作答内容和附件。
          </Text>
        ) : (
          <>
            {detail.status === 3 ? (
              <Text size="sm" c="orange.9">
                已退回重做：以下是学生上次提交的内容，学生再次提交后会更新。
              </Text>
            ) : null}
            <div>
              <Text size="sm" fw={600} mb={6}>
                作答内容
              </Text>
              {detail.content.trim() ? (
                <RichTextView html={detail.content} label="作答内容" />
              ) : (
                <Text size="sm" c="dimmed">
                  （没有文字答案）
                </Text>
              )}
            </div>
            {detail.strategy ? <StrategySnapshot strategy={detail.strategy} /> : null}
            <div>
              <Text size="sm" fw={600} mb={6}>
                附件
              </Text>
              <WorkFileList studentWorkId={detail.studentWorkId} files={detail.attachments} />
            </div>
          </>
        )}
      </Stack>
    </Paper>
  );
}

const percent = (value: number) => `${(value * 100).toFixed(2)}%`;

/** A strategy work's snapshot: the strategy and its backtest figures as handed in. */
function StrategySnapshot({ strategy }: { strategy: WorkStrategySnapshot }) {
  const { metrics } = strategy;
  const figures: [string, string][] = [
    ['年化收益率', percent(metrics.annualReturn)],
    ['最大回撤', percent(metrics.maxDrawdown)],
    ['夏普比率', metrics.sharpe.toFixed(2)],
    ['累计收益率', percent(metrics.totalReturn)],
    ['基准收益率', percent(metrics.benchmarkReturn)],
    ['胜率', percent(metrics.winRate)],
  ];
  return (
    <div>
      <Text size="sm" fw={600} mb={6}>
        提交的策略：{strategy.strategyName}
      </Text>
      <SimpleGrid component="dl" cols={{ base: 2, sm: 3 }} spacing="xs" m={0}>
        {figures.map(([label, value]) => (
          <div key={label}>
            <Text component="dt" size="xs" c="dimmed">
              {label}
            </Text>
            <Text component="dd" m={0} size="sm" fw={600}>
              {value}
            </Text>
          </div>
        ))}
      </SimpleGrid>
      <Text size="xs" c="dimmed" mt={4}>
        快照时间 {formatInstant(strategy.snapshotAt)} · 代码文件{' '}
        {strategy.codeFiles.map((f) => f.fileName).join('、') || '无'}
      </Text>
    </div>
  );
}
