import '@mantine/core/styles/Skeleton.layer.css';
import { Container, Group, Paper, SimpleGrid, Skeleton, Stack } from '@mantine/core';

/** The class page's 测验 tab while it loads: course switch, statistics, the quiz rows. */
export function StudentTestListSkeleton() {
  return (
    <Stack gap="lg" aria-busy="true" aria-label="正在加载">
      <Group justify="space-between" align="flex-end">
        <Skeleton height={28} width={140} radius="sm" />
        <Skeleton height={36} width={220} radius="md" />
      </Group>
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md">
        {[0, 1, 2, 3].map((key) => (
          <Skeleton key={key} height={72} radius="md" />
        ))}
      </SimpleGrid>
      <Skeleton height={36} width="min(100%, 320px)" radius="md" />
      <Stack gap={6}>
        {[0, 1, 2, 3, 4].map((key) => (
          <Skeleton key={key} height={60} radius="sm" />
        ))}
      </Stack>
    </Stack>
  );
}

/** The quiz card while it loads: title, facts, the button. */
export function StartTestSkeleton() {
  return (
    <Container size="lg" py="md">
      <Paper withBorder radius="lg" p="lg" aria-busy="true" aria-label="正在加载">
        <Skeleton height={30} width="50%" radius="sm" />
        <Skeleton height={14} width="30%" mt="xs" />
        <Skeleton height={14} mt="lg" />
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md" mt="lg">
          {[0, 1, 2, 3, 4, 5].map((key) => (
            <Skeleton key={key} height={40} />
          ))}
        </SimpleGrid>
        <Skeleton height={36} width={120} mt="lg" radius="md" />
      </Paper>
    </Container>
  );
}

/** A result while it loads: the score card, then the questions. */
export function TestResultSkeleton({ embedded = false }: { embedded?: boolean }) {
  const body = (
    <Stack gap="lg" aria-busy="true" aria-label="正在加载">
      <Paper withBorder radius="lg" p="lg">
        <Skeleton height={30} width="45%" radius="sm" />
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md" mt="lg">
          {[0, 1, 2, 3].map((key) => (
            <Skeleton key={key} height={48} />
          ))}
        </SimpleGrid>
      </Paper>
      {[0, 1, 2].map((key) => (
        <Paper key={key} withBorder radius="lg" p="lg">
          <Skeleton height={20} width={120} />
          <Skeleton height={14} mt="md" />
          <Skeleton height={14} width="70%" mt="xs" />
        </Paper>
      ))}
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

/** The class page's quiz detail while it loads. */
export function StudentTestDetailSkeleton() {
  return (
    <Stack gap="lg" aria-busy="true" aria-label="正在加载">
      <Skeleton height={14} width={100} radius="sm" />
      <Paper withBorder radius="lg" p="lg">
        <Skeleton height={28} width="50%" radius="sm" />
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md" mt="lg">
          {[0, 1, 2, 3].map((key) => (
            <Skeleton key={key} height={40} />
          ))}
        </SimpleGrid>
      </Paper>
      <Skeleton height={220} radius="md" />
    </Stack>
  );
}
