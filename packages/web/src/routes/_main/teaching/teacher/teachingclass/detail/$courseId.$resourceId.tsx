import { createFileRoute } from '@tanstack/react-router';
import { prefetchTeacherClassPage, TeacherClassPage } from '@/app/class-page/teacher-class-page';
import { requireSchoolRole, TEACHER_ONLY } from '@/app/role-guard';
import { TablePageSkeleton } from '@/components/data-table/table-page-skeleton';
import { classTabSearch } from '@/features/teaching-class/area';

/** The old area's class page (?tab=); the new area mounts the same page. */
export const Route = createFileRoute('/_main/teaching/teacher/teachingclass/detail/$courseId/$resourceId')({
  validateSearch: classTabSearch,
  beforeLoad: ({ context }) => requireSchoolRole(context.queryClient, TEACHER_ONLY),
  loaderDeps: ({ search }) => ({ tab: search.tab }),
  loader: ({ context, params, deps }) =>
    prefetchTeacherClassPage(context.queryClient, params.courseId, deps.tab ?? 'chapters'),
  pendingComponent: TablePageSkeleton,
  component: ClassPageRoute,
});

function ClassPageRoute() {
  const { courseId, resourceId } = Route.useParams();
  const { tab } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <TeacherClassPage
      area="teaching"
      courseId={courseId}
      teachingClassId={resourceId}
      tab={tab ?? 'chapters'}
      onTabChange={(next) => void navigate({ search: { tab: next } })}
    />
  );
}
