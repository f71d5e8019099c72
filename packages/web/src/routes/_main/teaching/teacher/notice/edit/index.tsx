import { createFileRoute } from '@tanstack/react-router';
import { requireSchoolRole, TEACHER_ONLY } from '@/app/role-guard';
import { ensureSchoolId } from '@/shared/session/current-school-id';
import { noticeCoursesQuery } from '@/features/notice/api/notice-queries';
import { NoticeEditPage } from '@/features/notice/pages/notice-edit-page';
import { NoticePageSkeleton } from '@/features/notice/pages/notice-page-skeleton';
import { returnToSearch } from '@/shared/return-to';
import { courseIdSearch } from '@/lib/search-params';

/** A new notice; ?courseId= picks its course in advance, ?returnTo= is the class page it came from. */
export const Route = createFileRoute('/_main/teaching/teacher/notice/edit/')({
  // notices and courseware are the teacher's (a school manager meets 无权访问, not a refused call)
  beforeLoad: ({ context }) => requireSchoolRole(context.queryClient, TEACHER_ONLY),
  // The loader travels with the page: its SDK calls stay out of the first bundle.
  validateSearch: (search: Record<string, unknown>) => ({
    ...courseIdSearch(search),
    ...returnToSearch(search),
  }),
  loader: async ({ context: { queryClient } }) => {
    const schoolId = await ensureSchoolId(queryClient);
    await queryClient.ensureQueryData(noticeCoursesQuery(schoolId));
  },
  pendingComponent: NoticePageSkeleton,
  component: NewNoticeRoute,
});

function NewNoticeRoute() {
  const { courseId, returnTo } = Route.useSearch();
  return <NoticeEditPage area="teaching" courseId={courseId} returnTo={returnTo} />;
}
