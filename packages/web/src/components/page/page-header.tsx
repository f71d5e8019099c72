import { Group, Title, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A page's heading: its title (with an optional badge), one line on what it is for, and its
 * actions on the right. `embedded`: the page is a tab of another page, whose heading says the rest.
 */
export function PageHeader({
  title,
  description,
  badge,
  actions,
  embedded = false,
}: {
  title: string;
  description: ReactNode;
  badge?: ReactNode;
  /** Filters and buttons, aligned with the bottom of the heading. */
  actions?: ReactNode;
  embedded?: boolean;
}) {
  if (embedded) {
    return (
      <Group justify="space-between" align="flex-end" gap="md">
        <Title order={2} fz="h3">
          {title}
        </Title>
        {actions}
      </Group>
    );
  }
  const heading = (
    <Title order={1} fz="h2">
      {title}
    </Title>
  );
  return (
    <Group justify="space-between" align="flex-end" gap="md">
      <div>
        {badge ? (
          <Group gap="sm">
            {heading}
            {badge}
          </Group>
        ) : (
          heading
        )}
        <Text c="dimmed" size="sm" mt={4}>
          {description}
        </Text>
      </div>
      {actions}
    </Group>
  );
}
