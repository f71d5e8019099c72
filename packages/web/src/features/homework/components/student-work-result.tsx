import '@mantine/core/styles/Skeleton.layer.css';
import type { MyWorkDetail } from '@dfrm/sdk/tms';
import { Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { LoadError } from '@/components/feedback/load-error';
import { formatInstant } from '@/shared/format';
import { scoredWorkQuery } from '@/features/homework/api/my-work-queries';
import { formatPoints } from '@/features/homework/student-work-time';

/**
 * 成绩: nothing of score or comment until the teacher publishes them; then the score (after the
 * late penalty, with how it came about), the comment, and where it stands in the class.
 */
export function WorkResult({ schoolId, detail }: { schoolId: string; detail: MyWorkDetail }) {
  const { work, myWork } = detail;
  if (work.scoreStatus !== 1) {
    if (myWork.status !== 1 && myWork.status !== 2) return null;
    return (
      <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="work-result-title">
        <Title order={2} fz="h4" id="work-result-title">
          成绩
        </Title>
        <Text size="sm" c="dimmed" mt="xs">
          {myWork.status === 2
            ? '老师已批改，成绩公布后可以在这里查看分数和评语。'
            : '已提交，等待老师批改；成绩公布后可以在这里查看分数和评语。'}
        </Text>
      </Paper>
    );
  }
  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="work-result-title">
      <Title order={2} fz="h4" id="work-result-title">
        成绩
      </Title>
      <PublishedResult schoolId={schoolId} detail={detail} />
    </Paper>
  );
}

function PublishedResult({ schoolId, detail }: { schoolId: string; detail: MyWorkDetail }) {
  const { work, myWork } = detail;
  const scored = useQuery(scoredWorkQuery(schoolId, work.workId));
  if (scored.isError) {
    return (
      <LoadError title="成绩加载失败" error={scored.error} onRetry={() => void scored.refetch()} mb={0} />
    );
  }
  if (!scored.data) {
    return (
      <Stack gap="sm" mt="sm" aria-busy="true" aria-label="正在加载成绩">
        <Skeleton height={32} width={160} />
        <Skeleton height={14} width="60%" />
      </Stack>
    );
  }
  const result = scored.data;
  return (
    <Stack gap="md" mt="sm">
      {result.score === null ? (
        <Text size="sm">{myWork.status === 2 ? '暂无分数。' : '你没有提交这份作业，没有成绩。'}</Text>
      ) : (
        <div>
          <Group gap={6} align="baseline">
            <Text size="sm" c="dimmed">
              得分
            </Text>
            <Text fz={32} fw={700} lh={1.1}>
              {formatPoints(result.score)}
            </Text>
            <Text c="dimmed">/ {result.totalScore} 分</Text>
          </Group>
          {myWork.latePenalty !== null && myWork.latePenalty > 0 && myWork.rawScore !== null ? (
            <Text size="sm" c="orange.9" mt={4}>
              老师评分 {formatPoints(myWork.rawScore)} 分，迟交 {myWork.lateDays} 天扣{' '}
              {formatPoints(myWork.latePenalty)} 分
            </Text>
          ) : null}
        </div>
      )}
      <div>
        <Text size="sm" c="dimmed">
          老师评语
        </Text>
        <Text size="sm" mt={2} style={{ whiteSpace: 'pre-wrap' }}>
          {result.comment || '老师没有写评语。'}
        </Text>
      </div>
      <SimpleGrid cols={{ base: 3 }} spacing="sm">
        <Figure
          label="平均分"
          value={result.averageScore === null ? '-' : formatPoints(result.averageScore)}
        />
        <Figure label="最高分" value={result.maxScore === null ? '-' : formatPoints(result.maxScore)} />
        <Figure label="排名" value={result.rank === null ? '-' : `${result.rank} / ${result.rankTotal}`} />
      </SimpleGrid>
      <Text size="xs" c="dimmed">
        {result.correctedAt ? `批改于 ${formatInstant(result.correctedAt)} · ` : ''}成绩公布于{' '}
        {formatInstant(result.scorePublishedAt)}
      </Text>
    </Stack>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Paper bg="gray.0" radius="md" p="sm">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={650}>{value}</Text>
    </Paper>
  );
}
