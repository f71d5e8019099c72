import { TableScreenSkeleton } from '@/components/data-table/table-page-skeleton';
import { createFileRoute } from '@tanstack/react-router';
import { RoleGate } from '@/app/no-access';
import { requireSchoolRole, TEACHER_ONLY } from '@/app/role-guard';
import { ensureSchoolId } from '@/shared/session/current-school-id';
import { examAmountQuery, examCoursesQuery, examListQuery } from '@/features/exam/api/teacher-exam-queries';
import { TeacherExamListPage } from '@/features/exam/pages/teacher-exam-list-page';

/** 考试管理 under the main shell (product spec, "Exam routes under the main shell"). */
export const Route = createFileRoute('/_main/examination/management')({
  // exams are the teacher's (a school manager or student meets 无权访问, not a refused call)
  beforeLoad: ({ context }) => requireSchoolRole(context.queryClient, TEACHER_ONLY),
  // The loader travels with the page: its SDK calls stay out of the first bundle.
  loader: async ({ context: { queryClient } }) => {
    const schoolId = await ensureSchoolId(queryClient);
    await Promise.all([
      queryClient.ensureQueryData(examCoursesQuery(schoolId)),
      queryClient.ensureQueryData(examListQuery({ schoolId, pageIndex: 1 })),
      queryClient.ensureQueryData(examAmountQuery(schoolId)),
    ]);
  },
  pendingComponent: TableScreenSkeleton,
  component: ExamListRoute,
});

/** A role switched on the page (to 学生) meets 无权访问 instead of refused calls. */
function ExamListRoute() {
  return (
    <RoleGate allowed={TEACHER_ONLY}>
      <TeacherExamListPage />
    </RoleGate>
  );
}
