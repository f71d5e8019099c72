import { createFileRoute, Outlet } from '@tanstack/react-router';
import { ensureSchoolId } from '@/shared/session/current-school-id';
import { myCoursesQuery } from '@/features/my-course/api/my-course-queries';
import { ClassDetailLayout } from '@/features/my-course/pages/class-detail-layout';
import { MyCoursePageSkeleton } from '@/features/my-course/pages/my-course-page-skeleton';
import { courseIdSearch } from '@/lib/search-params';

/**
 * Pathless frame of the student's class detail: the course header and tabs
 * around /teaching-manage/student/notice, /courseWare and /learning (?courseId=).
 */
export const Route = createFileRoute('/_teaching-manage/teaching-manage/student/_class-frame')({
  // The loader travels with the page: its SDK calls stay out of the first bundle.
  validateSearch: courseIdSearch,
  loader: async ({ context: { queryClient } }) => {
    const schoolId = await ensureSchoolId(queryClient);
    await queryClient.ensureQueryData(myCoursesQuery(schoolId));
  },
  pendingComponent: MyCoursePageSkeleton,
  component: ClassDetailRoute,
});

function ClassDetailRoute() {
  const { courseId } = Route.useSearch();
  return (
    <ClassDetailLayout courseId={courseId}>
      <Outlet />
    </ClassDetailLayout>
  );
}
