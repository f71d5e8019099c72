import { createFileRoute } from '@tanstack/react-router';
import { requireSchoolRole, TEACHER_ONLY } from '@/app/role-guard';
import { ensureSchoolId } from '@/shared/session/current-school-id';
import { noticeCoursesQuery, teacherNoticeListQuery } from '@/features/notice/api/notice-queries';
import { NoticePageSkeleton } from '@/features/notice/pages/notice-page-skeleton';
import { TeacherNoticeListPage } from '@/features/notice/pages/teacher-notice-list-page';
import { courseIdSearch } from '@/lib/search-params';

export const Route = createFileRoute('/_teaching-manage/teaching-manage/teacher/notice/list')({
  // notices and courseware are the teacher's (a school manager meets 无权访问, not a refused call)
  beforeLoad: ({ context }) => requireSchoolRole(context.queryClient, TEACHER_ONLY),
  // The loader travels with the page: its SDK calls stay out of the first bundle.
  validateSearch: courseIdSearch,
  loaderDeps: ({ search }) => ({ courseId: search.courseId }),
  loader: async ({ context: { queryClient }, deps }) => {
    const schoolId = await ensureSchoolId(queryClient);
    await Promise.all([
      queryClient.ensureQueryData(noticeCoursesQuery(schoolId)),
      queryClient.ensureQueryData(
        teacherNoticeListQuery({ schoolId, courseId: deps.courseId, pageIndex: 1 }),
      ),
    ]);
  },
  pendingComponent: NoticePageSkeleton,
  component: NoticeListRoute,
});

function NoticeListRoute() {
  const { courseId } = Route.useSearch();
  return <TeacherNoticeListPage area="teaching-manage" courseId={courseId} />;
}
