import { useQueryClient } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { ensureSchoolId } from '@/shared/session/current-school-id';
import { myCourseKeys } from '@/features/my-course/api/my-course-queries';
import { studentNoticeListQuery } from '@/features/notice/api/notice-queries';
import { NoticePageSkeleton } from '@/features/notice/pages/notice-page-skeleton';
import { StudentNoticePage } from '@/features/notice/pages/student-notice-page';
import { courseIdSearch } from '@/lib/search-params';

export const Route = createFileRoute('/_main/teaching/student/notice')({
  // The loader travels with the page: its SDK calls stay out of the first bundle.
  validateSearch: courseIdSearch,
  loaderDeps: ({ search }) => ({ courseId: search.courseId }),
  loader: async ({ context: { queryClient }, deps }) => {
    const schoolId = await ensureSchoolId(queryClient);
    await queryClient.ensureQueryData(
      studentNoticeListQuery({ schoolId, courseId: deps.courseId, pageIndex: 1 }),
    );
  },
  pendingComponent: NoticePageSkeleton,
  component: StudentNoticeRoute,
});

function StudentNoticeRoute() {
  const { courseId } = Route.useSearch();
  const queryClient = useQueryClient();
  return (
    <StudentNoticePage
      courseId={courseId}
      // The course lists count unread notices per course.
      onRead={() => void queryClient.invalidateQueries({ queryKey: myCourseKeys.all })}
    />
  );
}
