import { createFileRoute } from '@tanstack/react-router';
import { RoleGate } from '@/app/no-access';
import { requireSchoolRole, TEACHER_ONLY } from '@/app/role-guard';
import { ensureSchoolId } from '@/shared/session/current-school-id';
import { examCoursesQuery, examDetailQuery } from '@/features/exam/api/teacher-exam-queries';
import { TeacherExamEditPage } from '@/features/exam/pages/teacher-exam-edit-page';
import { TeacherExamFormSkeleton } from '@/features/exam/pages/teacher-exam-skeletons';

/** 编辑考试: its settings and paper. */
export const Route = createFileRoute('/_main/edit/examination/$examId')({
  beforeLoad: ({ context }) => requireSchoolRole(context.queryClient, TEACHER_ONLY),
  // The loader travels with the page: its SDK calls stay out of the first bundle.
  loader: async ({ context: { queryClient }, params }) => {
    const schoolId = await ensureSchoolId(queryClient);
    await Promise.all([
      queryClient.ensureQueryData(examCoursesQuery(schoolId)),
      queryClient.ensureQueryData(examDetailQuery(params.examId)),
    ]);
  },
  pendingComponent: TeacherExamFormSkeleton,
  component: EditExamRoute,
});

function EditExamRoute() {
  const { examId } = Route.useParams();
  // a role switched on the page (to 学生) meets 无权访问 instead of refused calls
  return (
    <RoleGate allowed={TEACHER_ONLY}>
      <TeacherExamEditPage examId={examId} />
    </RoleGate>
  );
}
