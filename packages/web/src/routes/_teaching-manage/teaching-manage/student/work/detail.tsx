import { createFileRoute } from '@tanstack/react-router';
import { preloadRichTextView } from '@/components/rich-text/rich-text-view';
import { ensureSchoolId } from '@/shared/session/current-school-id';
import { myWorkDetailQuery } from '@/features/homework/api/my-work-queries';
import { StudentWorkDetailPage } from '@/features/homework/pages/student-work-detail-page';
import { StudentWorkDetailSkeleton } from '@/features/homework/pages/student-work-skeletons';
import { studentWorkSearch } from '@/features/homework/student-work-search';

/** A work's page for the student in the new teaching area, ?workId= (students only: the parent route guards). */
export const Route = createFileRoute('/_teaching-manage/teaching-manage/student/work/detail')({
  // The loader travels with the page: its SDK calls stay out of the first bundle.
  validateSearch: studentWorkSearch,
  loaderDeps: ({ search }) => ({ workId: search.workId }),
  loader: async ({ context: { queryClient }, deps }) => {
    if (!deps.workId) return;
    const schoolId = await ensureSchoolId(queryClient);
    // a work that cannot be read is told on the page, not as a failed route; its requirement is
    // rich text, drawn at once with the sanitizer fetched alongside
    await Promise.all([
      queryClient.prefetchQuery(myWorkDetailQuery(schoolId, deps.workId)),
      preloadRichTextView(),
    ]);
  },
  pendingComponent: StudentWorkDetailSkeleton,
  component: StudentWorkDetailRoute,
});

function StudentWorkDetailRoute() {
  const { workId, returnTo } = Route.useSearch();
  return <StudentWorkDetailPage area="teaching-manage" workId={workId} returnTo={returnTo} />;
}
