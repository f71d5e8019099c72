import '@mantine/core/styles/Skeleton.layer.css';
import { Container, Paper, Skeleton, Stack } from '@mantine/core';
import { CardSkeleton } from '@/features/exam/components/exam-card/exam-card-skeleton';

/** The notice before an exam while it loads: title, the rules, the button. `embedded`: inside the page. */
export function StudentExamAttentionSkeleton({ embedded = false }: { embedded?: boolean }) {
  const body = (
    <Stack gap="lg" aria-busy="true" aria-label="正在加载">
      {embedded ? null : <Skeleton height={14} width={100} radius="sm" />}
      <div>
        <Skeleton height={30} width="50%" radius="sm" />
        <Skeleton height={14} width="30%" radius="sm" mt="xs" />
      </div>
      <Paper withBorder radius="lg" p="lg">
        <Skeleton height={20} width={100} />
        <Skeleton height={14} mt="md" />
        <Skeleton height={14} width="85%" mt="xs" />
        <Skeleton height={14} width="75%" mt="xs" />
        <Skeleton height={14} width="90%" mt="xs" />
      </Paper>
      <Paper withBorder radius="lg" p="lg">
        <Skeleton height={20} width={100} />
        <Skeleton height={42} width={140} radius="md" mt="md" />
      </Paper>
    </Stack>
  );
  return embedded ? (
    body
  ) : (
    <Container size="md" py="md">
      {body}
    </Container>
  );
}

/** The exam card's route while it loads. */
export function StudentExamCardSkeleton() {
  return (
    <Container size="xl" py="md">
      <CardSkeleton />
    </Container>
  );
}
