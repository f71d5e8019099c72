import { createFileRoute } from '@tanstack/react-router';
import { requireSchoolRole, TEACHER_ONLY } from '@/app/role-guard';
import { TablePageSkeleton } from '@/components/data-table/table-page-skeleton';
import { ensureAddClass } from '@/features/teaching-class/api/course-queries';
import { AddClassPage } from '@/features/teaching-class/pages/add-class-page';
import { courseIdSearch } from '@/lib/search-params';

/** 新建课程, or 编辑课程 with ?courseId=. */
export const Route = createFileRoute('/_teaching-manage/teaching-manage/teacher/add-class')({
  validateSearch: courseIdSearch,
  beforeLoad: ({ context }) => requireSchoolRole(context.queryClient, TEACHER_ONLY),
  loaderDeps: ({ search }) => ({ courseId: search.courseId }),
  loader: ({ context, deps }) => ensureAddClass(context.queryClient, deps.courseId),
  pendingComponent: TablePageSkeleton,
  component: AddClassRoute,
});

function AddClassRoute() {
  const { courseId } = Route.useSearch();
  return <AddClassPage area="teaching-manage" courseId={courseId} />;
}
