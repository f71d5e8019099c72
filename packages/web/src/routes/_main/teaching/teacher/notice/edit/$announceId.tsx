import { createFileRoute } from '@tanstack/react-router';
import { requireSchoolRole, TEACHER_ONLY } from '@/app/role-guard';
import { ensureSchoolId } from '@/shared/session/current-school-id';
import { noticeCoursesQuery, noticeDetailQuery } from '@/features/notice/api/notice-queries';
import { NoticeEditPage } from '@/features/notice/pages/notice-edit-page';
import { NoticePageSkeleton } from '@/features/notice/pages/notice-page-skeleton';
import { returnToSearch } from '@/shared/return-to';

export const Route = createFileRoute('/_main/teaching/teacher/notice/edit/$announceId')({
  // notices and courseware are the teacher's (a school manager meets 无权访问, not a refused call)
  beforeLoad: ({ context }) => requireSchoolRole(context.queryClient, TEACHER_ONLY),
  validateSearch: returnToSearch,
  // The loader travels with the page: its SDK calls stay out of the first bundle.
  loader: async ({ context: { queryClient }, params }) => {
    const schoolId = await ensureSchoolId(queryClient);
    await Promise.all([
      queryClient.ensureQueryData(noticeCoursesQuery(schoolId)),
      queryClient.ensureQueryData(noticeDetailQuery(schoolId, params.announceId)),
    ]);
  },
  pendingComponent: NoticePageSkeleton,
  component: EditNoticeRoute,
});

function EditNoticeRoute() {
  const { announceId } = Route.useParams();
  const { returnTo } = Route.useSearch();
  return <NoticeEditPage area="teaching" announceId={announceId} returnTo={returnTo} />;
}
