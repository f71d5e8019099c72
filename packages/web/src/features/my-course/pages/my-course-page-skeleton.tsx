import '@mantine/core/styles/Skeleton.layer.css';
import { Container, Skeleton, Stack } from '@mantine/core';
import { MyCourseGridSkeleton } from './my-course-page';

/** 我的课程 and the class detail while the student's courses are on the way. */
export function MyCoursePageSkeleton() {
  return (
    <Container size="xl" py="md" aria-busy="true" aria-label="正在加载">
      <Stack gap="lg">
        <Skeleton height={30} width="25%" radius="sm" />
        <Skeleton height={14} width="40%" radius="sm" />
        <MyCourseGridSkeleton />
      </Stack>
    </Container>
  );
}
