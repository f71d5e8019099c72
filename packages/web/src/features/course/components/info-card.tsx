import { Group, Paper, Text, ThemeIcon } from '@mantine/core';
import type { ReactNode } from 'react';

/** One fact about the user's place in the platform (school, role, groups). */
export function InfoCard({
  icon,
  label,
  value,
  hint,
}: {
  icon: ReactNode;
  label: string;
  value: ReactNode;
  hint?: ReactNode;
}) {
  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-label={label}>
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <ThemeIcon size={40} radius="md" variant="light">
          {icon}
        </ThemeIcon>
        <div style={{ minWidth: 0 }}>
          <Text size="xs" c="dimmed" fw={500}>
            {label}
          </Text>
          <Text fw={650} size="lg" lh={1.35} mt={2}>
            {value}
          </Text>
          {hint ? (
            <Text size="xs" c="dimmed" mt={4}>
              {hint}
            </Text>
          ) : null}
        </div>
      </Group>
    </Paper>
  );
}
