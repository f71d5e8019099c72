import { createFileRoute } from '@tanstack/react-router';
import { ensureSchoolId } from '@/shared/session/current-school-id';
import { myWorkCoursesQuery, myWorkListQuery } from '@/features/homework/api/my-work-queries';
import { StudentWorkListPage } from '@/features/homework/pages/student-work-list-page';
import { StudentWorkListSkeleton } from '@/features/homework/pages/student-work-skeletons';
import { courseIdSearch } from '@/lib/search-params';

/** 我的作业 of the old teaching area (students only: the parent route guards). */
export const Route = createFileRoute('/_main/teaching/student/work/')({
  // The loader travels with the page: its SDK calls stay out of the first bundle.
  validateSearch: courseIdSearch,
  loaderDeps: ({ search }) => ({ courseId: search.courseId }),
  loader: async ({ context: { queryClient }, deps }) => {
    const schoolId = await ensureSchoolId(queryClient);
    await Promise.all([
      queryClient.ensureQueryData(
        myWorkListQuery({ schoolId, courseId: deps.courseId, filter: 'all', pageIndex: 1 }),
      ),
      queryClient.ensureQueryData(myWorkCoursesQuery(schoolId)),
    ]);
  },
  pendingComponent: StudentWorkListSkeleton,
  component: StudentWorkListRoute,
});

function StudentWorkListRoute() {
  const { courseId } = Route.useSearch();
  return <StudentWorkListPage area="teaching" courseId={courseId} />;
}
