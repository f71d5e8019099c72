import { createFileRoute } from '@tanstack/react-router';
import { preloadRichTextView } from '@/components/rich-text/rich-text-view';
import { requireSchoolRole, TEACHER_ONLY } from '@/app/role-guard';
import { ensureGrading } from '@/features/homework/api/grading-queries';
import { finishListSearch } from '@/features/homework/grading-search';
import { GradingPage } from '@/features/homework/pages/grading-page';
import { GradingSkeleton } from '@/features/homework/pages/grading-skeletons';

export const Route = createFileRoute(
  '/_teaching-manage/teaching-manage/teacher/home/work_/complete/detail/$studentWorkId',
)({
  beforeLoad: ({ context }) => requireSchoolRole(context.queryClient, TEACHER_ONLY),
  // the completion list's view, so 上一份 / 下一份 follow the list the teacher came from
  validateSearch: finishListSearch,
  // The loader travels with the page: its SDK calls stay out of the first bundle. The next
  // student's hand-in is usually cached (fetched ahead), so moving on waits for nothing.
  loader: async ({ context: { queryClient }, params, location }) => {
    // the answer is rich text, drawn at once with the sanitizer fetched alongside
    await Promise.all([
      ensureGrading(
        queryClient,
        params.studentWorkId,
        finishListSearch(location.search as Record<string, unknown>),
      ),
      preloadRichTextView(),
    ]);
  },
  pendingComponent: GradingSkeleton,
  component: GradingRoute,
});

function GradingRoute() {
  const { studentWorkId } = Route.useParams();
  const search = Route.useSearch();
  return <GradingPage area="teaching-manage" studentWorkId={studentWorkId} search={search} />;
}
