import { createFileRoute, Outlet } from '@tanstack/react-router';
import { TablePageSkeleton } from '@/components/data-table/table-page-skeleton';
import { ensureCourse } from '@/features/teaching-class/api/course-queries';
import { ClassDetailTabs } from '@/features/teaching-class/components/class-detail-tabs';
import { courseIdSearch } from '@/lib/search-params';

/**
 * Pathless frame of the class-detail tabs (?courseId=): the course header and
 * the tab bar around student-data, student/manage and student/list. Other
 * features' tab pages get the frame by living under teacher/_class-tabs/ too.
 */
export const Route = createFileRoute('/_teaching-manage/teaching-manage/teacher/_class-tabs')({
  validateSearch: courseIdSearch,
  loaderDeps: ({ search }) => ({ courseId: search.courseId }),
  loader: async ({ context, deps }) => {
    // Student management also stands alone, without a course and its tabs.
    if (deps.courseId) await ensureCourse(context.queryClient, deps.courseId);
  },
  pendingComponent: TablePageSkeleton,
  component: ClassTabsRoute,
});

function ClassTabsRoute() {
  const { courseId } = Route.useSearch();
  if (!courseId) return <Outlet />;
  return (
    <ClassDetailTabs courseId={courseId}>
      <Outlet />
    </ClassDetailTabs>
  );
}
