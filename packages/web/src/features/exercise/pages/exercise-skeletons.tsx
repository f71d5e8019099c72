import '@mantine/core/styles/Skeleton.layer.css';
import { Box, Container, Flex, Skeleton, Stack } from '@mantine/core';
import { TablePageSkeleton } from '@/components/data-table/table-page-skeleton';

/** 题库与试卷 while its data is on the way: the tag list on the left, a table page on the right. */
export function ExerciseManageSkeleton() {
  return (
    <Container size="xl" py="md" aria-busy="true" aria-label="正在加载">
      <Stack gap="lg">
        <Skeleton height={30} width="30%" radius="sm" />
        <Flex direction={{ base: 'column', md: 'row' }} gap="lg">
          <Box w={{ base: '100%', md: 260 }}>
            <Stack gap="xs">
              {[0, 1, 2, 3, 4].map((key) => (
                <Skeleton key={key} height={36} radius="sm" />
              ))}
            </Stack>
          </Box>
          <Box style={{ flex: 1, minWidth: 0 }}>
            <TablePageSkeleton rows={8} />
          </Box>
        </Flex>
      </Stack>
    </Container>
  );
}

/** A paper's detail while it loads: heading, figures, a few questions. */
export function PaperDetailSkeleton() {
  return (
    <Container size="lg" py="md" aria-busy="true" aria-label="正在加载">
      <Stack gap="lg">
        <Skeleton height={14} width={120} radius="sm" />
        <Skeleton height={30} width="40%" radius="sm" />
        <Skeleton height={56} radius="md" />
        {[0, 1, 2].map((key) => (
          <Stack key={key} gap="xs">
            <Skeleton height={22} width="25%" radius="sm" />
            <Skeleton height={90} radius="md" />
          </Stack>
        ))}
      </Stack>
    </Container>
  );
}
