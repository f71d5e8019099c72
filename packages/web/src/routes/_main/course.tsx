import { createFileRoute } from '@tanstack/react-router';
import { ensureCourseHome } from '../../features/course/api/course-home-queries';
import { CourseHomePage } from '../../features/course/pages/course-home-page';
import { CourseHomeSkeleton } from '../../features/course/pages/course-home-skeleton';

export const Route = createFileRoute('/_main/course')({
  loader: ({ context }) => ensureCourseHome(context.queryClient),
  pendingComponent: CourseHomeSkeleton,
  component: CourseHomePage,
});
