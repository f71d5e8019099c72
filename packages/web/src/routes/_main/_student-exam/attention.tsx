import { createFileRoute } from '@tanstack/react-router';
import { attentionSearch } from '@/features/exam/student-search';
import {
  loadStudentExamAttention,
  StudentExamAttentionPage,
} from '@/features/exam/pages/student-exam-attention-page';
import { StudentExamAttentionSkeleton } from '@/features/exam/pages/student-exam-skeletons';

/** The notice before an exam, ?examId= (students only: the parent route guards). */
export const Route = createFileRoute('/_main/_student-exam/attention')({
  // The loader travels with the page: its SDK calls stay out of the first bundle.
  validateSearch: attentionSearch,
  loaderDeps: ({ search }) => ({ examId: search.examId }),
  loader: ({ context: { queryClient }, deps }) => loadStudentExamAttention(queryClient, deps.examId),
  pendingComponent: StudentExamAttentionSkeleton,
  component: StudentExamAttentionRoute,
});

function StudentExamAttentionRoute() {
  const { examId } = Route.useSearch();
  return <StudentExamAttentionPage examId={examId} />;
}
