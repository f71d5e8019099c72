import { createFileRoute } from '@tanstack/react-router';
import { requireSchoolRole, TEACHER_ONLY } from '@/app/role-guard';
import { quizManageSearch } from '@/features/quiz/teacher-search';
import { ensureSchoolId } from '@/shared/session/current-school-id';
import { quizCoursesQuery, teacherQuizDetailQuery } from '@/features/quiz/api/teacher-quiz-queries';
import { TeacherQuizEditPage } from '@/features/quiz/pages/teacher-quiz-edit-page';
import { TeacherQuizFormSkeleton } from '@/features/quiz/pages/teacher-quiz-skeletons';

/** 新建测验 (?courseId=) or 编辑测验 (?id=); ?returnTo= is the class page it came from. */
export const Route = createFileRoute('/_teaching-manage/teaching-manage/teacher/test/manage')({
  beforeLoad: ({ context }) => requireSchoolRole(context.queryClient, TEACHER_ONLY),
  validateSearch: quizManageSearch,
  loaderDeps: ({ search }) => ({ id: search.id }),
  loader: async ({ context: { queryClient }, deps }) => {
    const schoolId = await ensureSchoolId(queryClient);
    await Promise.all([
      queryClient.ensureQueryData(quizCoursesQuery(schoolId)),
      // a quiz that cannot be read is explained by the page
      deps.id
        ? queryClient.prefetchQuery({ ...teacherQuizDetailQuery(deps.id), meta: { silentError: true } })
        : null,
    ]);
  },
  pendingComponent: TeacherQuizFormSkeleton,
  component: QuizManageRoute,
});

function QuizManageRoute() {
  const { id, courseId, returnTo } = Route.useSearch();
  return <TeacherQuizEditPage quizId={id} courseId={courseId} returnTo={returnTo} />;
}
