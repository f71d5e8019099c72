import { TableScreenSkeleton } from '@/components/data-table/table-page-skeleton';
import { createFileRoute } from '@tanstack/react-router';
import { RoleGate } from '@/app/no-access';
import { requireSchoolRole, TEACHER_ONLY } from '@/app/role-guard';
import { examDetailQuery, examinersQuery } from '@/features/exam/api/teacher-exam-queries';
import { TeacherExaminerPage } from '@/features/exam/pages/teacher-examiner-page';
import { examinerTabSearch } from '@/features/exam/teacher-search';

/** 考生名单 of an exam, with its 统计分析 tab (?tab=stats). */
export const Route = createFileRoute('/_main/examiner/$examId')({
  beforeLoad: ({ context }) => requireSchoolRole(context.queryClient, TEACHER_ONLY),
  validateSearch: examinerTabSearch,
  // The loader travels with the page: its SDK calls stay out of the first bundle.
  loader: async ({ context: { queryClient }, params }) => {
    await Promise.all([
      queryClient.ensureQueryData(examDetailQuery(params.examId)),
      queryClient.ensureQueryData(examinersQuery({ examId: params.examId, pageIndex: 1 })),
    ]);
  },
  pendingComponent: TableScreenSkeleton,
  component: ExaminerRoute,
});

function ExaminerRoute() {
  const { examId } = Route.useParams();
  const { tab } = Route.useSearch();
  // a role switched on the page (to 学生) meets 无权访问 instead of refused calls
  return (
    <RoleGate allowed={TEACHER_ONLY}>
      <TeacherExaminerPage examId={examId} tab={tab ?? 'list'} />
    </RoleGate>
  );
}
