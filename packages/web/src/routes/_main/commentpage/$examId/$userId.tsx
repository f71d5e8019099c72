import { createFileRoute } from '@tanstack/react-router';
import { RoleGate } from '@/app/no-access';
import { requireSchoolRole, TEACHER_ONLY } from '@/app/role-guard';
import {
  allExaminersQuery,
  examUserAttendQuery,
  examUserResultQuery,
} from '@/features/exam/api/teacher-exam-queries';
import { TeacherGradingPage } from '@/features/exam/pages/teacher-grading-page';
import { TeacherGradingSkeleton } from '@/features/exam/pages/teacher-exam-skeletons';
import { preloadRichTextView } from '@/components/rich-text/rich-text-view';

/** 阅卷: one student's paper of an exam (product spec /commentpage/{examId}/{id}). */
export const Route = createFileRoute('/_main/commentpage/$examId/$userId')({
  beforeLoad: ({ context }) => requireSchoolRole(context.queryClient, TEACHER_ONLY),
  // The loader travels with the page: its SDK calls stay out of the first bundle.
  loader: async ({ context: { queryClient }, params }) => {
    await Promise.all([
      queryClient.ensureQueryData(examUserResultQuery(params.examId, params.userId)),
      queryClient.ensureQueryData(allExaminersQuery(params.examId)),
      // the stems are rich text: drawn at once instead of placeholders the text then pushes down
      preloadRichTextView(),
      // the attendance line is secondary: the page opens without it when it cannot be read
      queryClient.prefetchQuery(examUserAttendQuery(params.examId, params.userId)),
    ]);
  },
  pendingComponent: TeacherGradingSkeleton,
  component: GradingRoute,
});

function GradingRoute() {
  const { examId, userId } = Route.useParams();
  // a role switched on the page (to 学生) meets 无权访问 instead of refused calls
  return (
    <RoleGate allowed={TEACHER_ONLY}>
      <TeacherGradingPage examId={examId} userId={userId} />
    </RoleGate>
  );
}
