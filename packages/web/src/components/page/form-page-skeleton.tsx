import '@mantine/core/styles/Skeleton.layer.css';
import { Container, Paper, Skeleton, Stack } from '@mantine/core';
import type { ReactNode } from 'react';

/** A form page while its data is on the way: back link and heading, then its cards (FormCardSkeleton). */
export function FormPageSkeleton({ children }: { children: ReactNode }) {
  return (
    <Container size="md" py="md" aria-busy="true" aria-label="正在加载">
      <Stack gap="lg">
        <div>
          <Skeleton height={14} width={110} radius="sm" />
          <Skeleton height={30} width="30%" radius="sm" mt="xs" />
        </div>
        {children}
      </Stack>
    </Container>
  );
}

/** One card of a form's fields, in the form's own shape. */
export function FormCardSkeleton({ children }: { children: ReactNode }) {
  return (
    <Paper withBorder radius="lg" p="xl">
      <Stack gap="lg">{children}</Stack>
    </Paper>
  );
}
