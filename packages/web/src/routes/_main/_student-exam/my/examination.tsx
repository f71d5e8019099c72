import { TableScreenSkeleton } from '@/components/data-table/table-page-skeleton';
import { createFileRoute } from '@tanstack/react-router';
import { ensureSchoolId } from '@/shared/session/current-school-id';
import { myExamListQuery } from '@/features/exam/api/student-exam-queries';
import { StudentExamListPage } from '@/features/exam/pages/student-exam-list-page';

/** 我的考试 (students only: the parent route guards). */
export const Route = createFileRoute('/_main/_student-exam/my/examination')({
  // The loader travels with the page: its SDK calls stay out of the first bundle.
  loader: async ({ context: { queryClient } }) => {
    const schoolId = await ensureSchoolId(queryClient);
    await queryClient.ensureQueryData(myExamListQuery({ schoolId, filter: 'all', pageIndex: 1 }));
  },
  pendingComponent: TableScreenSkeleton,
  component: StudentExamListPage,
});
