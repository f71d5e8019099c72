import { Paper, SimpleGrid, Text } from '@mantine/core';
import type { ReactNode } from 'react';

export interface Figure {
  label: string;
  value: ReactNode;
  /** A line under the value: what it counts, or its parts. */
  note?: ReactNode;
}

/**
 * Figures as tiles: each a term (the label) and its value in a description list, so a screen
 * reader reads 提交率 20% rather than two loose numbers. The section around it names the list.
 */
export function FigureList({
  figures,
  cols = { base: 2, sm: 3, lg: 6 },
  compact = false,
}: {
  figures: readonly Figure[];
  cols?: { base: number; sm?: number; md?: number; lg?: number };
  compact?: boolean;
}) {
  return (
    <SimpleGrid component="dl" cols={cols} spacing="sm" m={0}>
      {figures.map((figure) => (
        <Paper key={figure.label} withBorder radius="md" p={compact ? 'sm' : 'md'}>
          <Text component="dt" size="xs" c="dimmed">
            {figure.label}
          </Text>
          <dd style={{ margin: 0 }}>
            <Text fz={compact ? 'lg' : 'xl'} fw={700} lh={1.3}>
              {figure.value}
            </Text>
            {figure.note ? (
              <Text size="xs" c="dimmed" mt={2}>
                {figure.note}
              </Text>
            ) : null}
          </dd>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
