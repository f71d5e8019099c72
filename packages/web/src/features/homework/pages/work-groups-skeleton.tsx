import '@mantine/core/styles/Skeleton.layer.css';
import { Container, Group, Paper, SimpleGrid, Skeleton, Stack } from '@mantine/core';

/** One group set card's shape: name and badges, the figures, the teams. */
export function GroupSetCardSkeleton() {
  return (
    <Paper withBorder radius="lg" p="lg">
      <Stack gap="sm">
        <Group justify="space-between">
          <Skeleton height={22} width="35%" radius="sm" />
          <Skeleton height={28} width={150} radius="md" />
        </Group>
        <Skeleton height={14} width="45%" radius="sm" />
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
          {[0, 1, 2].map((key) => (
            <Skeleton key={key} height={96} radius="md" />
          ))}
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}

/** The 作业分组 page's shape (heading, course filter and 新建分组, two set cards) while its data comes. */
export function WorkGroupsSkeleton() {
  return (
    <Container size="xl" py="md" aria-busy="true" aria-label="正在加载">
      <Stack gap="lg">
        <Group justify="space-between" align="flex-end">
          <Stack gap={8} style={{ flex: 1 }}>
            <Skeleton height={30} width="30%" radius="sm" />
            <Skeleton height={14} width="45%" radius="sm" />
          </Stack>
          <Group gap="sm">
            <Skeleton height={36} width={220} radius="md" />
            <Skeleton height={36} width={110} radius="md" />
          </Group>
        </Group>
        <GroupSetCardSkeleton />
        <GroupSetCardSkeleton />
      </Stack>
    </Container>
  );
}

/** The set editor's form: the set's fields, then the team cards. */
export function GroupSetFormSkeleton() {
  return (
    <Stack gap="lg" aria-busy="true" aria-label="正在加载">
      <Paper withBorder radius="lg" p="xl">
        <Stack gap="md">
          <Skeleton height={36} width="50%" radius="md" />
          <Skeleton height={36} width="70%" radius="md" />
          <Skeleton height={36} width={160} radius="md" />
        </Stack>
      </Paper>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
        {[0, 1, 2].map((key) => (
          <Skeleton key={key} height={180} radius="md" />
        ))}
      </SimpleGrid>
    </Stack>
  );
}

/** The set editor page's shape: the way back, the heading, the form. */
export function GroupSetEditSkeleton() {
  return (
    <Container size="xl" py="md" aria-busy="true" aria-label="正在加载">
      <Stack gap="lg">
        <Skeleton height={14} width={120} radius="sm" />
        <Skeleton height={30} width="30%" radius="sm" />
        <GroupSetFormSkeleton />
      </Stack>
    </Container>
  );
}
