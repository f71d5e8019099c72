import { createFileRoute } from '@tanstack/react-router';
import { loadStudentTestDetail, StudentTestDetailPage } from '@/features/quiz/pages/student-test-detail-page';
import { StudentTestDetailSkeleton } from '@/features/quiz/pages/student-skeletons';
import { studentQuizDetailSearch } from '@/features/quiz/student-search';

/** A quiz in the class page's 测验 tab (?id=&courseId=): the quiz and the class comparison. */
export const Route = createFileRoute('/_teaching-manage/teaching-manage/student/_class-frame/test/detail')({
  validateSearch: studentQuizDetailSearch,
  // The loader travels with the page: its SDK calls stay out of the first bundle.
  loaderDeps: ({ search }) => ({ id: search.id }),
  loader: ({ context: { queryClient }, deps }) => loadStudentTestDetail(queryClient, deps.id),
  pendingComponent: StudentTestDetailSkeleton,
  component: ClassTestDetailRoute,
});

function ClassTestDetailRoute() {
  const { id, courseId } = Route.useSearch();
  return <StudentTestDetailPage quizId={id} courseId={courseId} />;
}
