import { createFileRoute } from '@tanstack/react-router';
import { loadQuizResultPage, StudentQuizResultPage } from '@/features/quiz/pages/student-test-result-page';
import { TestResultSkeleton } from '@/features/quiz/pages/student-skeletons';

/** My result of a quiz (by the quiz's id): the result page of my paper of it. */
export const Route = createFileRoute('/_teaching-manage/_student-quiz/test-result/$id')({
  // The loader travels with the page: its SDK calls stay out of the first bundle.
  loader: ({ context: { queryClient }, params }) => loadQuizResultPage(queryClient, params.id),
  pendingComponent: () => <TestResultSkeleton />,
  component: TestResultRoute,
});

function TestResultRoute() {
  const { id } = Route.useParams();
  return <StudentQuizResultPage quizId={id} />;
}
