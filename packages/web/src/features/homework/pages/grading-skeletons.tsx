import '@mantine/core/styles/Skeleton.layer.css';
import { Container, Group, Paper, SimpleGrid, Skeleton, Stack } from '@mantine/core';
import classes from './grading-page.module.css';

/** The completion page's shape while its work and first rows load: heading, counts, filters, rows. */
export function WorkCompleteSkeleton() {
  return (
    <Container size="xl" py="md" aria-busy="true" aria-label="正在加载">
      <Stack gap="lg">
        <Skeleton height={14} width={100} radius="sm" />
        <Group justify="space-between" align="flex-end">
          <Stack gap={8} style={{ flex: 1 }}>
            <Skeleton height={30} width="40%" radius="sm" />
            <Skeleton height={14} width="60%" radius="sm" />
          </Stack>
          <Group gap="sm">
            <Skeleton height={36} width={120} radius="md" />
            <Skeleton height={36} width={110} radius="md" />
          </Group>
        </Group>
        <Paper withBorder radius="md" p="sm">
          <SimpleGrid cols={{ base: 3, sm: 6 }} spacing="xs">
            {Array.from({ length: 6 }, (_, index) => (
              <Stack key={index} gap={6}>
                <Skeleton height={12} width={48} radius="sm" />
                <Skeleton height={22} width={40} radius="sm" />
              </Stack>
            ))}
          </SimpleGrid>
        </Paper>
        <Group gap="sm">
          <Skeleton height={34} width={360} radius="md" />
          <Skeleton height={34} width={240} radius="md" />
        </Group>
        <Stack gap={6}>
          {Array.from({ length: 8 }, (_, index) => (
            <Skeleton key={index} height={44} radius="sm" />
          ))}
        </Stack>
      </Stack>
    </Container>
  );
}

/** The grading view's shape: the status line, the submission beside the panel. */
export function GradingSkeleton() {
  return (
    <Container size="xl" py="md" aria-busy="true" aria-label="正在加载">
      <Stack gap="md">
        <Group justify="space-between" align="flex-end">
          <Stack gap={8}>
            <Skeleton height={14} width={100} radius="sm" />
            <Skeleton height={30} width={280} radius="sm" />
          </Stack>
          <Group gap="sm">
            <Skeleton height={20} width={160} radius="sm" />
            <Skeleton height={36} width={90} radius="md" />
            <Skeleton height={36} width={90} radius="md" />
          </Group>
        </Group>
        <Skeleton height={12} width="50%" radius="sm" />
        <div className={classes.layout}>
          <Paper withBorder radius="lg" p="lg">
            <Stack gap="sm">
              <Skeleton height={24} width="35%" radius="sm" />
              <Skeleton height={14} width="55%" radius="sm" />
              <Skeleton height={160} radius="md" mt="sm" />
              <Skeleton height={36} width="60%" radius="sm" />
            </Stack>
          </Paper>
          <Paper withBorder radius="lg" p="lg">
            <Stack gap="sm">
              <Skeleton height={22} width="25%" radius="sm" />
              <Skeleton height={36} width={160} radius="md" />
              <Skeleton height={18} width="80%" radius="sm" />
              <Skeleton height={110} radius="md" />
              <Skeleton height={36} width="70%" radius="md" />
            </Stack>
          </Paper>
        </div>
      </Stack>
    </Container>
  );
}
