import { createFileRoute } from '@tanstack/react-router';
import { requireSchoolRole, TEACHER_ONLY } from '@/app/role-guard';
import { TablePageSkeleton } from '@/components/data-table/table-page-skeleton';
import { ensureCourseList } from '@/features/teaching-class/api/course-queries';
import { parseCourseListSearch } from '@/features/teaching-class/api/list-search';
import { TeachingClassListPage } from '@/features/teaching-class/pages/teaching-class-list-page';

export const Route = createFileRoute('/_teaching-manage/teaching-manage/teacher/teaching-class/')({
  // The loader travels with the page: its SDK calls stay out of the first bundle.
  validateSearch: parseCourseListSearch,
  beforeLoad: ({ context }) => requireSchoolRole(context.queryClient, TEACHER_ONLY),
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => ensureCourseList(context.queryClient, deps),
  pendingComponent: TablePageSkeleton,
  component: TeachingClassListRoute,
});

function TeachingClassListRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <TeachingClassListPage
      area="teaching-manage"
      search={search}
      onSearchChange={(next) => void navigate({ search: next, replace: true })}
    />
  );
}
