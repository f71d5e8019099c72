import { createFileRoute, redirect } from '@tanstack/react-router';
import { requireSchoolRole, TEACHER_ONLY } from '@/app/role-guard';
import { TablePageSkeleton } from '@/components/data-table/table-page-skeleton';
import { ensureCourseStudents } from '@/features/student/api/student-queries';
import { CourseStudentsPage } from '@/features/student/pages/course-students-page';

/** 学生名单 tab: the course's students with class, status and online state. */
export const Route = createFileRoute('/_teaching-manage/teaching-manage/teacher/_class-tabs/student/list')({
  beforeLoad: async ({ context, search }) => {
    await requireSchoolRole(context.queryClient, TEACHER_ONLY);
    if (!search.courseId) throw redirect({ to: '/teaching-manage/teacher/teaching-class', replace: true });
    return { courseId: search.courseId };
  },
  loader: ({ context }) => ensureCourseStudents(context.queryClient, context.courseId, 'list'),
  pendingComponent: TablePageSkeleton,
  component: StudentListRoute,
});

function StudentListRoute() {
  const { courseId } = Route.useRouteContext();
  return <CourseStudentsPage key={courseId} courseId={courseId} variant="list" />;
}
