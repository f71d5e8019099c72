import '@mantine/core/styles/Skeleton.layer.css';
import { Group, Paper, Skeleton, Stack } from '@mantine/core';

/** The exam card while the paper loads: title and countdown, the answer sheet, one question. */
export function CardSkeleton() {
  return (
    <Stack gap="lg" aria-busy="true" aria-label="正在加载">
      <Group justify="space-between">
        <Skeleton height={30} width="45%" radius="sm" />
        <Skeleton height={34} width={110} radius="sm" />
      </Group>
      <Group align="flex-start" gap="lg" wrap="wrap">
        <Paper withBorder radius="lg" p="md" style={{ flex: '1 1 220px', maxWidth: 300 }}>
          <Skeleton height={160} radius="sm" />
        </Paper>
        <Paper withBorder radius="lg" p="lg" style={{ flex: '999 1 420px' }}>
          <Skeleton height={20} width={160} />
          <Skeleton height={14} mt="md" />
          <Skeleton height={14} width="70%" mt="xs" />
          <Skeleton height={180} radius="md" mt="lg" />
        </Paper>
      </Group>
    </Stack>
  );
}

/** The result while it loads: title, the submission notice, the score. */
export function ResultSkeleton() {
  return (
    <Stack gap="lg" aria-busy="true" aria-label="正在加载">
      <Skeleton height={30} width="45%" radius="sm" />
      <Skeleton height={72} radius="md" />
      <Paper withBorder radius="lg" p="lg">
        <Skeleton height={20} width={100} />
        <Skeleton height={40} width={200} mt="md" />
      </Paper>
    </Stack>
  );
}
