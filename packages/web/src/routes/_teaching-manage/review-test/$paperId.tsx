import { createFileRoute } from '@tanstack/react-router';
import { requireSchoolRole, TEACHER_ONLY } from '@/app/role-guard';
import { quizReviewQuery } from '@/features/quiz/api/teacher-quiz-queries';
import { TeacherQuizReviewPage } from '@/features/quiz/pages/teacher-quiz-review-page';
import { TeacherQuizPaperSkeleton } from '@/features/quiz/pages/teacher-quiz-skeletons';
import { isIdParam } from '@/features/quiz/teacher-search';

/**
 * A student's handed-in paper for the teacher (product spec /review-test/{paperId}). The spec gives
 * /review-test and /test-result-teacher the same operation (review/student/quiz), so both mount
 * the one page.
 */
export const Route = createFileRoute('/_teaching-manage/review-test/$paperId')({
  beforeLoad: ({ context }) => requireSchoolRole(context.queryClient, TEACHER_ONLY),
  loader: async ({ context: { queryClient }, params }) => {
    if (isIdParam(params.paperId)) {
      await queryClient.prefetchQuery({ ...quizReviewQuery(params.paperId), meta: { silentError: true } });
    }
  },
  pendingComponent: TeacherQuizPaperSkeleton,
  component: ReviewRoute,
});

function ReviewRoute() {
  const { paperId } = Route.useParams();
  return <TeacherQuizReviewPage paperId={paperId} />;
}
