import { createFileRoute } from '@tanstack/react-router';
import { requireSchoolRole, TEACHER_ONLY } from '@/app/role-guard';
import { ensureWorkComplete } from '@/features/homework/api/grading-queries';
import { finishListSearch } from '@/features/homework/grading-search';
import { WorkCompleteSkeleton } from '@/features/homework/pages/grading-skeletons';
import { WorkCompletePage } from '@/features/homework/pages/work-complete-page';

// work_: the completion pages are not children of the homework list at /home/work.
export const Route = createFileRoute('/_main/teaching/teacher/home/work_/complete/')({
  // grading is the teacher's (a school manager meets 无权访问, not a refused call)
  beforeLoad: ({ context }) => requireSchoolRole(context.queryClient, TEACHER_ONLY),
  validateSearch: finishListSearch,
  loaderDeps: ({ search }) => ({ workId: search.workId }),
  // The loader travels with the page: its SDK calls stay out of the first bundle. A new filter
  // or order is the page's own to load (it keeps the rows meanwhile), not a new page.
  loader: ({ context: { queryClient }, location }) =>
    ensureWorkComplete(queryClient, finishListSearch(location.search as Record<string, unknown>)),
  pendingComponent: WorkCompleteSkeleton,
  component: WorkCompleteRoute,
});

function WorkCompleteRoute() {
  const search = Route.useSearch();
  return <WorkCompletePage area="teaching" search={search} />;
}
