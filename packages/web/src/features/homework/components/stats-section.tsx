import { Group, Paper, Text, Title } from '@mantine/core';
import { type ReactNode, useId } from 'react';

/** A titled panel of a statistics page; a region named by its heading. */
export function StatsSection({
  title,
  description,
  actions,
  children,
  order = 2,
}: {
  title: string;
  description?: ReactNode;
  /** Pickers on the right of the heading. */
  actions?: ReactNode;
  children: ReactNode;
  order?: 2 | 3;
}) {
  const headingId = useId();
  return (
    <Paper
      component="section"
      aria-labelledby={headingId}
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
    >
      <Group justify="space-between" align="flex-end" gap="sm" mb="md">
        <div style={{ minWidth: 0 }}>
          <Title id={headingId} order={order} fz={order === 2 ? 'h4' : 'h5'}>
            {title}
          </Title>
          {description ? (
            <Text size="sm" c="dimmed" mt={2}>
              {description}
            </Text>
          ) : null}
        </div>
        {actions}
      </Group>
      {children}
    </Paper>
  );
}
