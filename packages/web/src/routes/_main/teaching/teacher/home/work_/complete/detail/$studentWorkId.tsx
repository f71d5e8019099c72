import { createFileRoute } from '@tanstack/react-router';
import { requireSchoolRole, TEACHER_ONLY } from '@/app/role-guard';
import { finishListSearch } from '@/features/homework/grading-search';
import { GradingPage, loadGradingPage } from '@/features/homework/pages/grading-page';
import { GradingSkeleton } from '@/features/homework/pages/grading-skeletons';

export const Route = createFileRoute('/_main/teaching/teacher/home/work_/complete/detail/$studentWorkId')({
  beforeLoad: ({ context }) => requireSchoolRole(context.queryClient, TEACHER_ONLY),
  // the completion list's view, so 上一份 / 下一份 follow the list the teacher came from
  validateSearch: finishListSearch,
  // The loader travels with the page: its SDK calls stay out of the first bundle. The next
  // student's hand-in is usually cached (fetched ahead), so moving on waits for nothing.
  loader: ({ context: { queryClient }, params, location }) =>
    loadGradingPage(
      queryClient,
      params.studentWorkId,
      finishListSearch(location.search as Record<string, unknown>),
    ),
  pendingComponent: GradingSkeleton,
  component: GradingRoute,
});

function GradingRoute() {
  const { studentWorkId } = Route.useParams();
  const search = Route.useSearch();
  return <GradingPage area="teaching" studentWorkId={studentWorkId} search={search} />;
}
