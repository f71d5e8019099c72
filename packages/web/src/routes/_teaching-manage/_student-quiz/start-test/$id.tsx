import { createFileRoute } from '@tanstack/react-router';
import { loadStartTestPage, StudentStartTestPage } from '@/features/quiz/pages/student-start-test-page';
import { StartTestSkeleton } from '@/features/quiz/pages/student-skeletons';

/** The quiz card: the quiz's detail and 开始作答, then the paper (a reload continues it). */
export const Route = createFileRoute('/_teaching-manage/_student-quiz/start-test/$id')({
  // The loader travels with the page: its SDK calls stay out of the first bundle.
  loader: ({ context: { queryClient }, params }) => loadStartTestPage(queryClient, params.id),
  pendingComponent: StartTestSkeleton,
  component: StartTestRoute,
});

function StartTestRoute() {
  const { id } = Route.useParams();
  // a new quiz is a new card: nothing of the last one's paper stays
  return <StudentStartTestPage key={id} quizId={id} />;
}
