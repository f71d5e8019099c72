import '@mantine/core/styles/Skeleton.layer.css';
import { Container, Group, SimpleGrid, Skeleton, Stack } from '@mantine/core';

function FigureTiles({ count }: { count: number }) {
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
      {Array.from({ length: count }, (_, index) => (
        <Skeleton key={index} height={76} radius="md" />
      ))}
    </SimpleGrid>
  );
}

/** 学情概览 while its figures are on the way: heading, figures and trend, the course panel. */
export function OverviewPageSkeleton() {
  return (
    <Container size="xl" py="md" aria-busy="true" aria-label="正在加载">
      <Stack gap="lg">
        <Group justify="space-between" align="flex-end">
          <Stack gap={8} style={{ flex: 1 }}>
            <Skeleton height={30} width="25%" radius="sm" />
            <Skeleton height={14} width="40%" radius="sm" />
          </Stack>
          <Skeleton height={34} width={240} radius="md" />
        </Group>
        <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
          <Stack gap="md" style={{ gridColumn: 'span 2' }}>
            <FigureTiles count={8} />
            <Skeleton height={240} radius="md" />
          </Stack>
          <Skeleton height={340} radius="lg" />
        </SimpleGrid>
        <Skeleton height={320} radius="lg" />
      </Stack>
    </Container>
  );
}

/** 学习情况 while its first page is on the way: heading, filters, rows. */
export function LearningPageSkeleton() {
  return (
    <Container size="xl" py="md" aria-busy="true" aria-label="正在加载">
      <Stack gap="lg">
        <Stack gap={8}>
          <Skeleton height={30} width="25%" radius="sm" />
          <Skeleton height={14} width="45%" radius="sm" />
        </Stack>
        <Group gap="sm">
          <Skeleton height={34} width={220} radius="md" />
          <Skeleton height={34} width={260} radius="md" />
          <Skeleton height={34} width={220} radius="md" />
        </Group>
        <Stack gap={6}>
          {Array.from({ length: 8 }, (_, index) => (
            <Skeleton key={index} height={44} radius="sm" />
          ))}
        </Stack>
      </Stack>
    </Container>
  );
}

/** The student's 学习 tab while its figures are on the way: figures, chart, works. */
export function StudentLearningSkeleton() {
  return (
    <Stack gap="lg" aria-busy="true" aria-label="正在加载">
      <FigureTiles count={6} />
      <Skeleton height={180} radius="md" />
      <Stack gap={6}>
        {[0, 1, 2, 3].map((key) => (
          <Skeleton key={key} height={48} radius="md" />
        ))}
      </Stack>
    </Stack>
  );
}
