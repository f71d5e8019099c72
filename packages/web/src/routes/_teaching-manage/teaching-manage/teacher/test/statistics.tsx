import { createFileRoute } from '@tanstack/react-router';
import { requireSchoolRole, TEACHER_ONLY } from '@/app/role-guard';
import { quizIdSearch } from '@/features/quiz/teacher-search';
import { quizStatisticsQuery } from '@/features/quiz/api/teacher-quiz-queries';
import { TeacherQuizStatsPage } from '@/features/quiz/pages/teacher-quiz-stats-page';
import { TeacherQuizStatsSkeleton } from '@/features/quiz/pages/teacher-quiz-skeletons';

/** One quiz's statistics and student records (?id=). */
export const Route = createFileRoute('/_teaching-manage/teaching-manage/teacher/test/statistics')({
  beforeLoad: ({ context }) => requireSchoolRole(context.queryClient, TEACHER_ONLY),
  validateSearch: quizIdSearch,
  loaderDeps: ({ search }) => ({ id: search.id }),
  loader: async ({ context: { queryClient }, deps }) => {
    if (deps.id)
      await queryClient.prefetchQuery({ ...quizStatisticsQuery(deps.id), meta: { silentError: true } });
  },
  pendingComponent: TeacherQuizStatsSkeleton,
  component: QuizStatsRoute,
});

function QuizStatsRoute() {
  const { id } = Route.useSearch();
  return <TeacherQuizStatsPage quizId={id} />;
}
