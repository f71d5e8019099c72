import { createFileRoute } from '@tanstack/react-router';
import { ensureSchoolId } from '@/shared/session/current-school-id';
import { noticeCoursesQuery } from '@/features/notice/api/notice-queries';
import { NoticeEditPage } from '@/features/notice/pages/notice-edit-page';
import { NoticePageSkeleton } from '@/features/notice/pages/notice-page-skeleton';
import { courseIdSearch } from '@/lib/search-params';

/** A new notice; ?courseId= picks its course in advance. */
export const Route = createFileRoute('/_main/teaching/teacher/notice/edit/')({
  // The loader travels with the page: its SDK calls stay out of the first bundle.
  validateSearch: courseIdSearch,
  loader: async ({ context: { queryClient } }) => {
    const schoolId = await ensureSchoolId(queryClient);
    await queryClient.ensureQueryData(noticeCoursesQuery(schoolId));
  },
  pendingComponent: NoticePageSkeleton,
  component: NewNoticeRoute,
});

function NewNoticeRoute() {
  const { courseId } = Route.useSearch();
  return <NoticeEditPage area="teaching" courseId={courseId} />;
}
