import { createFileRoute } from '@tanstack/react-router';
import { idSearchValue } from '@/lib/search-params';
import { loadStudentExamCard, StudentExamCardPage } from '@/features/exam/pages/student-exam-card-page';
import { StudentExamCardSkeleton } from '@/features/exam/pages/student-exam-skeletons';

/** The exam card, /examination/{examId} (students only: the parent route guards). */
export const Route = createFileRoute('/_main/_student-exam/examination/$id')({
  // The loader travels with the page: its SDK calls stay out of the first bundle.
  loader: ({ context: { queryClient }, params }) =>
    loadStudentExamCard(queryClient, idSearchValue(params.id)),
  pendingComponent: StudentExamCardSkeleton,
  component: StudentExamCardRoute,
});

function StudentExamCardRoute() {
  const { id } = Route.useParams();
  return <StudentExamCardPage examId={idSearchValue(id)} />;
}
