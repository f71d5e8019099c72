import { createFileRoute } from '@tanstack/react-router';
import { requireSchoolRole, TEACHER_ONLY } from '@/app/role-guard';
import { teacherQuizDetailQuery } from '@/features/quiz/api/teacher-quiz-queries';
import { TeacherQuizPreviewPage } from '@/features/quiz/pages/teacher-quiz-preview-page';
import { TeacherQuizPaperSkeleton } from '@/features/quiz/pages/teacher-quiz-skeletons';
import { isIdParam } from '@/features/quiz/teacher-search';

/** The quiz as its students will see it, for the teacher who wrote it (product spec /test-preview/{id}). */
export const Route = createFileRoute('/_teaching-manage/test-preview/$id')({
  beforeLoad: ({ context }) => requireSchoolRole(context.queryClient, TEACHER_ONLY),
  loader: async ({ context: { queryClient }, params }) => {
    if (isIdParam(params.id)) {
      await queryClient.prefetchQuery({ ...teacherQuizDetailQuery(params.id), meta: { silentError: true } });
    }
  },
  pendingComponent: TeacherQuizPaperSkeleton,
  component: PreviewRoute,
});

function PreviewRoute() {
  const { id } = Route.useParams();
  return <TeacherQuizPreviewPage quizId={id} />;
}
