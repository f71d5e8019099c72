import '@mantine/core/styles/Badge.layer.css';
import type { CourseWorkDetail, WorkFinishCounts } from '@dfrm/sdk/tms';
import { Badge, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { latePolicyText } from '@/features/homework/late-penalty';
import { formatInstant } from '@/shared/format';

/**
 * The completion page's heading: the work (title, course, deadline, total, late policy) and
 * its counts. The counts' boxes are there from the start, blank until the list arrives.
 */
export function WorkFinishHeader({
  work,
  counts,
  actions,
}: {
  work: CourseWorkDetail;
  counts: WorkFinishCounts | undefined;
  actions: ReactNode;
}) {
  const handedIn = counts ? counts.submittedCount + counts.correctedCount : undefined;
  const stats: [string, number | undefined, string?][] = [
    ['已提交', handedIn, counts ? `共 ${counts.studentWorkCount} 份` : undefined],
    ['迟交', counts?.lateCount],
    ['未提交', counts?.unsubmittedCount],
    ['已批改', counts?.correctedCount],
    ['待批改', counts?.submittedCount],
    ['已退回', counts?.returnedCount],
  ];
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="md">
        <div style={{ minWidth: 0 }}>
          <Group gap="sm">
            <Title order={1} fz="h2" style={{ overflowWrap: 'anywhere' }}>
              {work.title}
            </Title>
            <Badge variant="light" color={work.scoreStatus === 1 ? 'teal' : 'gray'} radius="sm">
              {work.scoreStatus === 1 ? '成绩已公布' : '成绩未公布'}
            </Badge>
          </Group>
          <Text c="dimmed" size="sm" mt={4}>
            {work.courseName} · 截止 {formatInstant(work.endTime)} · 满分 {work.totalScore} 分 ·{' '}
            {latePolicyText(work)}
            {work.groupMode === 1 ? ` · 小组作业（${work.workGroupName || '分组方案'}）` : ''}
          </Text>
        </div>
        {actions}
      </Group>
      <Paper withBorder radius="md" p="sm">
        <SimpleGrid component="dl" cols={{ base: 3, sm: 6 }} spacing="xs" m={0} aria-label="完成情况统计">
          {stats.map(([label, value, note]) => (
            <div key={label}>
              <Text component="dt" size="xs" c="dimmed">
                {label}
              </Text>
              <Text component="dd" m={0} fw={650} fz="lg">
                {value ?? '—'}
                {note ? (
                  <Text component="span" size="xs" c="dimmed" fw={400} ml={4}>
                    {note}
                  </Text>
                ) : null}
              </Text>
            </div>
          ))}
        </SimpleGrid>
      </Paper>
    </Stack>
  );
}
