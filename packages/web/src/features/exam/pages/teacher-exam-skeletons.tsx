import '@mantine/core/styles/Skeleton.layer.css';
import { Container, Group, Paper, Skeleton, Stack } from '@mantine/core';

/** The exam form's shape (back link, heading, settings card, questions card). */
export function TeacherExamFormSkeleton() {
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
            <Group grow>
              <Skeleton height={56} radius="sm" />
              <Skeleton height={56} radius="sm" />
            </Group>
            <Skeleton height={56} width="70%" radius="sm" />
            <Skeleton height={80} radius="sm" />
          </Stack>
        </Paper>
        <Paper withBorder radius="lg" p="xl">
          <Skeleton height={220} radius="md" />
        </Paper>
      </Stack>
    </Container>
  );
}

/** The grading page's shape: heading with the student, then question cards. */
export function TeacherGradingSkeleton() {
  return (
    <Container size="md" py="md" aria-busy="true" aria-label="正在加载">
      <Stack gap="lg">
        <div>
          <Skeleton height={14} width={110} radius="sm" />
          <Skeleton height={30} width="40%" radius="sm" mt="xs" />
          <Skeleton height={16} width="60%" radius="sm" mt="xs" />
        </div>
        <Skeleton height={160} radius="md" />
        <Skeleton height={160} radius="md" />
        <Skeleton height={160} radius="md" />
      </Stack>
    </Container>
  );
}
