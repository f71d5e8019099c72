import { createFileRoute } from '@tanstack/react-router';
import { RoleGate } from '@/app/no-access';
import { requireSchoolRole, TEACHER_ONLY } from '@/app/role-guard';
import { ensureSchoolId } from '@/shared/session/current-school-id';
import { examAmountQuery, examCoursesQuery, examListQuery } from '@/features/exam/api/teacher-exam-queries';
import { TeacherExamListPage } from '@/features/exam/pages/teacher-exam-list-page';
import { TeacherExamTableSkeleton } from '@/features/exam/pages/teacher-exam-skeletons';

/** 考试管理 of the new teaching area: the same page as /examination/management. */
export const Route = createFileRoute('/_teaching-manage/teaching-manage/teacher/exam/manage')({
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
  pendingComponent: TeacherExamTableSkeleton,
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
