import { createFileRoute } from '@tanstack/react-router';
import { RoleGate } from '@/app/no-access';
import { requireSchoolRole, TEACHER_ONLY } from '@/app/role-guard';
import { ensureSchoolId } from '@/shared/session/current-school-id';
import {
  examCoursesQuery,
  sourcePaperQuery,
  sourcePapersQuery,
} from '@/features/exam/api/teacher-exam-queries';
import { TeacherExamEditPage } from '@/features/exam/pages/teacher-exam-edit-page';
import { TeacherExamFormSkeleton } from '@/features/exam/pages/teacher-exam-skeletons';
import { newExamSearch } from '@/features/exam/teacher-search';

/** 新建考试; ?courseId= picks its course in advance, ?sourcePaperId= the exercise paper to copy. */
export const Route = createFileRoute('/_main/edit/examination/')({
  beforeLoad: ({ context }) => requireSchoolRole(context.queryClient, TEACHER_ONLY),
  validateSearch: newExamSearch,
  // The loader travels with the page: its SDK calls stay out of the first bundle.
  loaderDeps: ({ search }) => ({ sourcePaperId: search.sourcePaperId }),
  loader: async ({ context: { queryClient }, deps: { sourcePaperId } }) => {
    const schoolId = await ensureSchoolId(queryClient);
    await Promise.all([
      queryClient.ensureQueryData(examCoursesQuery(schoolId)),
      // prefetched, not ensured: a paper the teacher may not copy is the form's message, not a failed page
      ...(sourcePaperId
        ? [
            queryClient.prefetchQuery(sourcePapersQuery()),
            queryClient.prefetchQuery(sourcePaperQuery(sourcePaperId)),
          ]
        : []),
    ]);
  },
  pendingComponent: TeacherExamFormSkeleton,
  component: NewExamRoute,
});

function NewExamRoute() {
  const { courseId, sourcePaperId } = Route.useSearch();
  // a role switched on the page (to 学生) meets 无权访问 instead of refused calls
  return (
    <RoleGate allowed={TEACHER_ONLY}>
      <TeacherExamEditPage courseId={courseId} sourcePaperId={sourcePaperId} />
    </RoleGate>
  );
}
