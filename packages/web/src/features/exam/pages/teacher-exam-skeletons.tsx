import '@mantine/core/styles/Skeleton.layer.css';
import { Container, Group, Skeleton, Stack } from '@mantine/core';
import { FormCardSkeleton, FormPageSkeleton } from '@/components/page/form-page-skeleton';

/** The exam form's shape (back link, heading, settings card, questions card). */
export function TeacherExamFormSkeleton() {
  return (
    <FormPageSkeleton>
      <FormCardSkeleton>
        <Skeleton height={56} radius="sm" />
        <Skeleton height={56} radius="sm" />
        <Group grow>
          <Skeleton height={56} radius="sm" />
          <Skeleton height={56} radius="sm" />
        </Group>
        <Skeleton height={56} width="70%" radius="sm" />
        <Skeleton height={80} radius="sm" />
      </FormCardSkeleton>
      <FormCardSkeleton>
        <Skeleton height={220} radius="md" />
      </FormCardSkeleton>
    </FormPageSkeleton>
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
