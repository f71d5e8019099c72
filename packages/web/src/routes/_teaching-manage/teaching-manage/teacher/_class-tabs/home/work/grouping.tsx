import { createFileRoute } from '@tanstack/react-router';
import { prefetchTeacherClassPage, TeacherClassPage } from '@/app/class-page/teacher-class-page';
import { requireSchoolRole, TEACHER_ONLY } from '@/app/role-guard';
import { TablePageSkeleton } from '@/components/data-table/table-page-skeleton';
import { loadWorkGroups } from '@/features/homework/api/group-loaders';
import { CLASS_DETAIL_PATH } from '@/features/teaching-class/area';
import { CourseChooser } from '@/features/teaching-class/components/course-chooser';

/** The 作业分组 tab of the product spec: the class page on 分组 (?courseId=); other tabs continue at class-detail. */
export const Route = createFileRoute(
  '/_teaching-manage/teaching-manage/teacher/_class-tabs/home/work/grouping',
)({
  beforeLoad: ({ context }) => requireSchoolRole(context.queryClient, TEACHER_ONLY),
  loaderDeps: ({ search }) => ({ courseId: search.courseId }),
  loader: async ({ context, deps }) => {
    await Promise.all([
      prefetchTeacherClassPage(context.queryClient, deps.courseId, 'groups'),
      deps.courseId ? loadWorkGroups(context.queryClient, deps.courseId) : null,
    ]);
  },
  pendingComponent: TablePageSkeleton,
  component: ClassTabRoute,
});

function ClassTabRoute() {
  const { courseId } = Route.useSearch();
  const navigate = Route.useNavigate();
  if (!courseId) return <CourseChooser area="teaching-manage" tab="groups" />;
  return (
    <TeacherClassPage
      area="teaching-manage"
      courseId={courseId}
      tab="groups"
      onTabChange={(next) => void navigate({ to: CLASS_DETAIL_PATH, search: { courseId, tab: next } })}
    />
  );
}
