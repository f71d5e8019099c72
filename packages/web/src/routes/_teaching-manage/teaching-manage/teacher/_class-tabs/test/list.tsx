import { TableScreenSkeleton } from '@/components/data-table/table-page-skeleton';
import { createFileRoute } from '@tanstack/react-router';
import { requireSchoolRole, TEACHER_ONLY } from '@/app/role-guard';
import { ensureSchoolId } from '@/shared/session/current-school-id';
import { quizCoursesQuery, teacherQuizListQuery } from '@/features/quiz/api/teacher-quiz-queries';
import { TeacherQuizListPage } from '@/features/quiz/pages/teacher-quiz-list-page';

/** 测验, the product spec's /test/list tab of the class detail (?courseId= validated by _class-tabs). */
export const Route = createFileRoute('/_teaching-manage/teaching-manage/teacher/_class-tabs/test/list')({
  beforeLoad: ({ context }) => requireSchoolRole(context.queryClient, TEACHER_ONLY),
  // The loader travels with the page: its SDK calls stay out of the first bundle.
  loaderDeps: ({ search }) => ({ courseId: search.courseId }),
  loader: async ({ context: { queryClient }, deps }) => {
    const schoolId = await ensureSchoolId(queryClient);
    await Promise.all([
      queryClient.ensureQueryData(quizCoursesQuery(schoolId)),
      queryClient.ensureQueryData(teacherQuizListQuery({ courseId: deps.courseId, pageIndex: 1 })),
    ]);
  },
  pendingComponent: TableScreenSkeleton,
  component: QuizListRoute,
});

function QuizListRoute() {
  const { courseId } = Route.useSearch();
  return <TeacherQuizListPage courseId={courseId} />;
}
