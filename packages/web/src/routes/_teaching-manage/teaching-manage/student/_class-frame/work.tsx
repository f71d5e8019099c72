import { createFileRoute } from '@tanstack/react-router';
import { ensureSchoolId } from '@/shared/session/current-school-id';
import { myWorkListQuery } from '@/features/homework/api/my-work-queries';
import { StudentWorkListPage } from '@/features/homework/pages/student-work-list-page';
import { StudentWorkListSkeleton } from '@/features/homework/pages/student-work-skeletons';

/** The class page's 课程作业 tab (?courseId=), the student's works of that course. */
export const Route = createFileRoute('/_teaching-manage/teaching-manage/student/_class-frame/work')({
  // The loader travels with the page: its SDK calls stay out of the first bundle.
  loaderDeps: ({ search }) => ({ courseId: search.courseId }),
  loader: async ({ context: { queryClient }, deps }) => {
    const schoolId = await ensureSchoolId(queryClient);
    await queryClient.ensureQueryData(
      myWorkListQuery({ schoolId, courseId: deps.courseId, filter: 'all', pageIndex: 1 }),
    );
  },
  pendingComponent: () => <StudentWorkListSkeleton embedded />,
  component: ClassWorkRoute,
});

function ClassWorkRoute() {
  const { courseId } = Route.useSearch();
  return <StudentWorkListPage area="teaching-manage" courseId={courseId} embedded />;
}
