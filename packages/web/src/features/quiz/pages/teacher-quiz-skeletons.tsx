import '@mantine/core/styles/Skeleton.layer.css';
import { Container, Group, Paper, SimpleGrid, Skeleton, Stack } from '@mantine/core';
import { TablePageSkeleton } from '@/components/data-table/table-page-skeleton';
import { FormCardSkeleton, FormPageSkeleton } from '@/components/page/form-page-skeleton';

/** The quiz form's shape: back link, heading, settings card, a question card. */
export function TeacherQuizFormSkeleton() {
  return (
    <FormPageSkeleton>
      <FormCardSkeleton>
        <Skeleton height={56} radius="sm" />
        <Skeleton height={40} width="60%" radius="sm" />
        <Skeleton height={56} radius="sm" />
        <Group grow>
          <Skeleton height={56} radius="sm" />
          <Skeleton height={56} radius="sm" />
        </Group>
      </FormCardSkeleton>
      <FormCardSkeleton>
        <Skeleton height={220} radius="md" />
      </FormCardSkeleton>
    </FormPageSkeleton>
  );
}

/** A page of questions (preview, review): heading, a summary card, question cards. */
export function TeacherQuizPaperSkeleton() {
  return (
    <Container size="md" py="md" aria-busy="true" aria-label="正在加载">
      <Stack gap="lg">
        <div>
          <Skeleton height={14} width={110} radius="sm" />
          <Skeleton height={30} width="40%" radius="sm" mt="xs" />
        </div>
        <Paper withBorder radius="lg" p="lg">
          <SimpleGrid cols={4}>
            {[0, 1, 2, 3].map((item) => (
              <Skeleton key={item} height={44} radius="sm" />
            ))}
          </SimpleGrid>
        </Paper>
        {[0, 1, 2].map((item) => (
          <Paper key={item} withBorder radius="lg" p="lg">
            <Skeleton height={16} width="70%" radius="sm" />
            <Skeleton height={90} radius="sm" mt="md" />
          </Paper>
        ))}
      </Stack>
    </Container>
  );
}

/** The statistics page: heading, figures, the two figure cards, the records table. */
export function TeacherQuizStatsSkeleton() {
  return (
    <Container size="xl" py="md" aria-busy="true" aria-label="正在加载">
      <Stack gap="lg">
        <div>
          <Skeleton height={14} width={110} radius="sm" />
          <Skeleton height={30} width="30%" radius="sm" mt="xs" />
        </div>
        <SimpleGrid cols={{ base: 2, md: 6 }}>
          {[0, 1, 2, 3, 4, 5].map((item) => (
            <Skeleton key={item} height={64} radius="md" />
          ))}
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <Skeleton height={220} radius="md" />
          <Skeleton height={220} radius="md" />
        </SimpleGrid>
        <TablePageSkeleton rows={6} />
      </Stack>
    </Container>
  );
}
