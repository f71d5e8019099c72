import { createFileRoute } from '@tanstack/react-router';
import { ensureSchoolId } from '@/shared/session/current-school-id';
import { myCoursePageQuery } from '@/features/my-course/api/my-course-queries';
import { MyCoursePage } from '@/features/my-course/pages/my-course-page';
import { MyCoursePageSkeleton } from '@/features/my-course/pages/my-course-page-skeleton';

export const Route = createFileRoute('/_teaching-manage/teaching-manage/student/mycourse')({
  // The loader travels with the page: its SDK calls stay out of the first bundle.
  loader: async ({ context: { queryClient } }) => {
    const schoolId = await ensureSchoolId(queryClient);
    await queryClient.ensureQueryData(myCoursePageQuery({ schoolId, pageIndex: 1 }));
  },
  pendingComponent: MyCoursePageSkeleton,
  component: () => <MyCoursePage area="teaching-manage" />,
});
