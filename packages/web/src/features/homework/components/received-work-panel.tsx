import '@mantine/core/styles/Badge.layer.css';
import '@mantine/core/styles/Skeleton.layer.css';
import { Anchor, Badge, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconChecklist } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { LoadError } from '@/components/feedback/load-error';
import { receivedWorkQuery } from '@/features/homework/api/stats-queries';
import { HOMEWORK_PATHS } from '@/features/homework/homework-paths';
import { FIGURE_LABELS } from '@/features/homework/stats-format';
import { formatInstant } from '@/shared/format';
import type { TeachingArea } from '@/shared/teaching-area';
import { StatsSection } from './stats-section';

/**
 * 待批改: the teacher's works with hand-ins waiting for a grade, newest hand-in first, each
 * leading to its completion list (the grading pages' own route, `?workId=`).
 */
export function ReceivedWorkPanel({ area, schoolId }: { area: TeachingArea; schoolId: string }) {
  const received = useQuery(receivedWorkQuery(schoolId));

  return (
    <StatsSection
      title="待批改作业"
      description={
        received.data
          ? `共 ${received.data.uncorrectedNum} 份待批改，最近 7 天收到 ${received.data.recentReceivedNum} 份提交。`
          : '学生已提交、等待批改的作业。'
      }
    >
      {received.isError ? (
        <LoadError
          title="待批改作业加载失败"
          error={received.error}
          onRetry={() => void received.refetch()}
        />
      ) : received.isPending ? (
        <Stack gap="xs">
          {[0, 1, 2].map((key) => (
            <Skeleton key={key} height={48} radius="md" />
          ))}
        </Stack>
      ) : received.data.works.length === 0 ? (
        <Group gap="xs" c="dimmed">
          <IconChecklist size={20} aria-hidden />
          <Text size="sm">没有待批改的作业。</Text>
        </Group>
      ) : (
        <Stack gap={0} component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label="待批改作业列表">
          {received.data.works.map((work) => (
            <Group
              key={work.workId}
              component="li"
              justify="space-between"
              wrap="nowrap"
              gap="sm"
              py={8}
              style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
            >
              <div style={{ minWidth: 0 }}>
                <Anchor
                  fw={600}
                  size="sm"
                  renderRoot={(props) => (
                    <Link {...props} to={HOMEWORK_PATHS[area].complete} search={{ workId: work.workId }} />
                  )}
                >
                  {work.workName}
                </Anchor>
                <Text size="xs" c="dimmed" truncate>
                  {work.courseName} · {FIGURE_LABELS.submitted} {work.submittedNum}/{work.studentNum} ·
                  最近提交 {formatInstant(work.lastSubmittedAt)}
                  {work.deadline ? ` · 截止 ${formatInstant(work.deadline)}` : ''}
                </Text>
              </div>
              <Badge color="orange" variant="light" radius="sm" style={{ flexShrink: 0 }}>
                {FIGURE_LABELS.waiting} {work.uncorrectedNum}
              </Badge>
            </Group>
          ))}
        </Stack>
      )}
    </StatsSection>
  );
}
