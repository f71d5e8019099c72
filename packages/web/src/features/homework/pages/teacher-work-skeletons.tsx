import '@mantine/core/styles/Skeleton.layer.css';
import { Group, Skeleton } from '@mantine/core';
import { FormCardSkeleton, FormPageSkeleton } from '@/components/page/form-page-skeleton';

/** The work form's shape (back link, heading, the fields in their card) while its data is on the way. */
export function CourseWorkFormSkeleton() {
  return (
    <FormPageSkeleton>
      <FormCardSkeleton>
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
      </FormCardSkeleton>
    </FormPageSkeleton>
  );
}
