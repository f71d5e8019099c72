import { createFileRoute } from '@tanstack/react-router';
import { ensureCourseHome } from '@/features/course/api/course-home-queries';
import { CourseHomePage } from '@/features/course/pages/course-home-page';
import { CourseHomeSkeleton } from '@/features/course/pages/course-home-skeleton';

export const Route = createFileRoute('/_main/course')({
  // The loader travels with the page: its SDK calls stay out of /account's first load.
  codeSplitGroupings: [
    ['loader', 'component'],
    ['pendingComponent'],
    ['errorComponent'],
    ['notFoundComponent'],
  ],
  loader: ({ context }) => ensureCourseHome(context.queryClient),
  pendingComponent: CourseHomeSkeleton,
  component: CourseHomePage,
});
