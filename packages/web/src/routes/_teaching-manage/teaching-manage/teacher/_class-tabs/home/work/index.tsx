import { TableScreenSkeleton } from '@/components/data-table/table-page-skeleton';
import { createFileRoute } from '@tanstack/react-router';
import { requireSchoolRole, TEACHER_ONLY } from '@/app/role-guard';
import { ensureSchoolId } from '@/shared/session/current-school-id';
import { homeworkCoursesQuery, teacherWorkListQuery } from '@/features/homework/api/teacher-work-queries';
import { TeacherWorkListPage } from '@/features/homework/pages/teacher-work-list-page';

/** 作业管理, the product spec's 作业 tab of the class detail (?courseId= filters by course, validated by _class-tabs). */
export const Route = createFileRoute('/_teaching-manage/teaching-manage/teacher/_class-tabs/home/work/')({
  // homework is the teacher's (a school manager meets 无权访问, not a refused call)
  beforeLoad: ({ context }) => requireSchoolRole(context.queryClient, TEACHER_ONLY),
  // The loader travels with the page: its SDK calls stay out of the first bundle.
  loaderDeps: ({ search }) => ({ courseId: search.courseId }),
  loader: async ({ context: { queryClient }, deps }) => {
    const schoolId = await ensureSchoolId(queryClient);
    await Promise.all([
      queryClient.ensureQueryData(homeworkCoursesQuery(schoolId)),
      queryClient.ensureQueryData(teacherWorkListQuery({ schoolId, courseId: deps.courseId, pageIndex: 1 })),
    ]);
  },
  pendingComponent: TableScreenSkeleton,
  component: WorkListRoute,
});

function WorkListRoute() {
  const { courseId } = Route.useSearch();
  return <TeacherWorkListPage area="teaching-manage" courseId={courseId} />;
}
