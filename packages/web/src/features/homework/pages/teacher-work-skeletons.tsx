import '@mantine/core/styles/Skeleton.layer.css';
import { Container, Group, Paper, Skeleton, Stack } from '@mantine/core';

/** The work form's shape (back link, heading, the fields in their card) while its data is on the way. */
export function CourseWorkFormSkeleton() {
  return (
    <Container size="md" py="md" aria-busy="true" aria-label="正在加载">
      <Stack gap="lg">
        <div>
          <Skeleton height={14} width={110} radius="sm" />
          <Skeleton height={30} width="30%" radius="sm" mt="xs" />
        </div>
        <Paper withBorder radius="lg" p="xl">
          <Stack gap="lg">
            <Skeleton height={56} radius="sm" />
            <Skeleton height={56} radius="sm" />
            <Skeleton height={40} width="60%" radius="sm" />
            <Skeleton height={284} radius="md" />
            <Skeleton height={120} radius="md" />
            <Group grow>
              <Skeleton height={56} radius="sm" />
              <Skeleton height={56} radius="sm" />
            </Group>
            <Skeleton height={56} width="40%" radius="sm" />
          </Stack>
        </Paper>
      </Stack>
    </Container>
  );
}
