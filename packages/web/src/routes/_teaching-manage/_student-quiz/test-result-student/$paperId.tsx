import { createFileRoute } from '@tanstack/react-router';
import { loadTestResultPage, StudentTestResultPage } from '@/features/quiz/pages/student-test-result-page';
import { TestResultSkeleton } from '@/features/quiz/pages/student-skeletons';

/** My result of a handed-in paper. */
export const Route = createFileRoute('/_teaching-manage/_student-quiz/test-result-student/$paperId')({
  // The loader travels with the page: its SDK calls stay out of the first bundle.
  loader: ({ context: { queryClient }, params }) => loadTestResultPage(queryClient, params.paperId),
  pendingComponent: () => <TestResultSkeleton />,
  component: TestResultStudentRoute,
});

function TestResultStudentRoute() {
  const { paperId } = Route.useParams();
  return <StudentTestResultPage paperId={paperId} />;
}
