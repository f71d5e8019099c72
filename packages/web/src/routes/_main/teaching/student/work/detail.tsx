import { createFileRoute } from '@tanstack/react-router';
import {
  loadStudentWorkPage,
  StudentWorkDetailPage,
} from '@/features/homework/pages/student-work-detail-page';
import { StudentWorkDetailSkeleton } from '@/features/homework/pages/student-work-skeletons';
import { studentWorkSearch } from '@/features/homework/student-work-search';

/** A work's page for the student, ?workId= (students only: the parent route guards). */
export const Route = createFileRoute('/_main/teaching/student/work/detail')({
  // The loader travels with the page: its SDK calls stay out of the first bundle.
  validateSearch: studentWorkSearch,
  loaderDeps: ({ search }) => ({ workId: search.workId }),
  loader: ({ context: { queryClient }, deps }) => loadStudentWorkPage(queryClient, deps.workId),
  pendingComponent: StudentWorkDetailSkeleton,
  component: StudentWorkDetailRoute,
});

function StudentWorkDetailRoute() {
  const { workId, returnTo } = Route.useSearch();
  return <StudentWorkDetailPage area="teaching" workId={workId} returnTo={returnTo} />;
}
