import '@mantine/core/styles/Skeleton.layer.css';
import { Container, Group, Paper, Skeleton, Stack } from '@mantine/core';

/** 我的作业's shape while its data is on the way: heading, filters, rows. `embedded`: a class-page tab. */
export function StudentWorkListSkeleton({ embedded = false }: { embedded?: boolean }) {
  const body = (
    <Stack gap="lg" aria-busy="true" aria-label="正在加载">
      <Group justify="space-between" align="flex-end">
        <div>
          <Skeleton height={28} width={160} radius="sm" />
          {embedded ? null : <Skeleton height={14} width={260} radius="sm" mt="xs" />}
        </div>
        {embedded ? null : <Skeleton height={36} width={220} radius="md" />}
      </Group>
      <Skeleton height={36} width="min(100%, 520px)" radius="md" />
      <Stack gap={6}>
        {[0, 1, 2, 3, 4].map((key) => (
          <Skeleton key={key} height={60} radius="sm" />
        ))}
      </Stack>
    </Stack>
  );
  return embedded ? (
    body
  ) : (
    <Container size="xl" py="md">
      {body}
    </Container>
  );
}

/** A work's page while it loads: title, deadline, requirement and the answer's editor. */
export function StudentWorkDetailSkeleton({ embedded = false }: { embedded?: boolean }) {
  const body = (
    <Stack gap="lg" aria-busy="true" aria-label="正在加载">
      {embedded ? null : <Skeleton height={14} width={100} radius="sm" />}
      <div>
        <Skeleton height={30} width="50%" radius="sm" />
        <Skeleton height={20} width="40%" radius="sm" mt="xs" />
      </div>
      <Paper withBorder radius="lg" p="lg">
        <Skeleton height={14} width="55%" />
        <Skeleton height={14} width="70%" mt="sm" />
      </Paper>
      <Paper withBorder radius="lg" p="lg">
        <Skeleton height={20} width={100} />
        <Skeleton height={14} mt="md" />
        <Skeleton height={14} width="80%" mt="xs" />
      </Paper>
      <Paper withBorder radius="lg" p="lg">
        <Skeleton height={20} width={100} />
        <Skeleton height={264} radius="md" mt="md" />
      </Paper>
    </Stack>
  );
  return embedded ? (
    body
  ) : (
    <Container size="lg" py="md">
      {body}
    </Container>
  );
}
