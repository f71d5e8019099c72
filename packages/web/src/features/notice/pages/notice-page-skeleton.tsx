import '@mantine/core/styles/Skeleton.layer.css';
import { Container, Skeleton, Stack } from '@mantine/core';

/** The shape of a notice page (title, toolbar, rows) while its data is on the way. */
export function NoticePageSkeleton() {
  return (
    <Container size="xl" py="md" aria-busy="true" aria-label="正在加载">
      <Stack gap="lg">
        <Skeleton height={30} width="30%" radius="sm" />
        <Skeleton height={14} width="45%" radius="sm" />
        <Stack gap="xs">
          {[0, 1, 2, 3, 4].map((key) => (
            <Skeleton key={key} height={48} radius="md" />
          ))}
        </Stack>
      </Stack>
    </Container>
  );
}
