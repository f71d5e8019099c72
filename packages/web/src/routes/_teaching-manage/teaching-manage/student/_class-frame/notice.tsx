import { useQueryClient } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { ensureSchoolId } from '@/shared/session/current-school-id';
import { myCourseKeys } from '@/features/my-course/api/my-course-queries';
import { studentNoticeListQuery } from '@/features/notice/api/notice-queries';
import { NoticeListSkeleton, StudentNoticePage } from '@/features/notice/pages/student-notice-page';

export const Route = createFileRoute('/_teaching-manage/teaching-manage/student/_class-frame/notice')({
  // The loader travels with the page: its SDK calls stay out of the first bundle.
  loaderDeps: ({ search }) => ({ courseId: search.courseId }),
  loader: async ({ context: { queryClient }, deps }) => {
    const schoolId = await ensureSchoolId(queryClient);
    await queryClient.ensureQueryData(
      studentNoticeListQuery({ schoolId, courseId: deps.courseId, pageIndex: 1 }),
    );
  },
  pendingComponent: NoticeListSkeleton,
  component: ClassNoticeRoute,
});

function ClassNoticeRoute() {
  const { courseId } = Route.useSearch();
  const queryClient = useQueryClient();
  return (
    <StudentNoticePage
      courseId={courseId}
      embedded
      // The course header counts unread notices per course.
      onRead={() => void queryClient.invalidateQueries({ queryKey: myCourseKeys.all })}
    />
  );
}
