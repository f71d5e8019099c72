import { createFileRoute } from '@tanstack/react-router';
import { loadStudentTestList, StudentTestListPage } from '@/features/quiz/pages/student-test-list-page';
import { StudentTestListSkeleton } from '@/features/quiz/pages/student-skeletons';

/** The class page's 测验 tab (?courseId=): the course's quizzes, the course switch, my statistics. */
export const Route = createFileRoute('/_teaching-manage/teaching-manage/student/_class-frame/test/list')({
  // The loader travels with the page: its SDK calls stay out of the first bundle.
  loaderDeps: ({ search }) => ({ courseId: search.courseId }),
  loader: ({ context: { queryClient }, deps }) => loadStudentTestList(queryClient, deps.courseId),
  pendingComponent: StudentTestListSkeleton,
  component: ClassTestListRoute,
});

function ClassTestListRoute() {
  const { courseId } = Route.useSearch();
  return <StudentTestListPage courseId={courseId} />;
}
