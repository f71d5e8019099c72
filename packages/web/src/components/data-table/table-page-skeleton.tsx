import '@mantine/core/styles/Skeleton.layer.css';
import { Group, Skeleton, Stack } from '@mantine/core';

/** A table page's shape while its data is on the way: title, toolbar, rows. */
export function TablePageSkeleton({ rows = 8 }: { rows?: number }) {
  return (
    <Stack gap="md" aria-busy="true" aria-label="正在加载">
      <Skeleton height={28} width="30%" radius="sm" />
      <Group gap="sm">
        <Skeleton height={34} width={240} radius="md" />
        <Skeleton height={34} width={160} radius="md" />
      </Group>
      <Stack gap={6}>
        {Array.from({ length: rows }, (_, index) => (
          <Skeleton key={index} height={40} radius="sm" />
        ))}
      </Stack>
    </Stack>
  );
}
