import { createFileRoute } from '@tanstack/react-router';
import { loadTeachingOverview } from '@/features/homework/api/stats-queries';
import { OverviewPageSkeleton } from '@/features/homework/pages/stats-page-skeletons';
import { TeachingOverviewPage } from '@/features/homework/pages/teaching-overview-page';
import { overviewSearch } from '@/features/homework/stats-search';

export const Route = createFileRoute('/_main/teaching/teacher/overview')({
  // a teacher's own teaching, a school manager's whole school: the teacher area's guard (its
  // parent route) lets in just those two
  validateSearch: overviewSearch,
  loaderDeps: ({ search }) => ({ courseId: search.courseId }),
  loader: ({ context: { queryClient }, deps }) => loadTeachingOverview(queryClient, deps.courseId),
  pendingComponent: OverviewPageSkeleton,
  component: OverviewRoute,
});

function OverviewRoute() {
  const { courseId, workId } = Route.useSearch();
  return <TeachingOverviewPage area="teaching" courseId={courseId} workId={workId} />;
}
