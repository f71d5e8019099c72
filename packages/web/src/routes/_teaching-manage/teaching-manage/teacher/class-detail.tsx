import { createFileRoute } from '@tanstack/react-router';
import { prefetchTeacherClassPage, TeacherClassPage } from '@/app/class-page/teacher-class-page';
import { requireSchoolRole, TEACHER_ONLY } from '@/app/role-guard';
import { TablePageSkeleton } from '@/components/data-table/table-page-skeleton';
import { classTabSearch } from '@/features/teaching-class/area';
import { CourseChooser } from '@/features/teaching-class/components/course-chooser';
import { courseIdSearch } from '@/lib/search-params';

/**
 * The class page of the new area (?courseId=&tab=), where the course cards and
 * the course list lead. It opens on 学习数据, the product spec's first tab;
 * without a course it says so and offers the teacher's courses.
 */
export const Route = createFileRoute('/_teaching-manage/teaching-manage/teacher/class-detail')({
  validateSearch: (search: Record<string, unknown>) => ({
    ...courseIdSearch(search),
    ...classTabSearch(search),
  }),
  beforeLoad: ({ context }) => requireSchoolRole(context.queryClient, TEACHER_ONLY),
  loaderDeps: ({ search }) => ({ courseId: search.courseId, tab: search.tab }),
  loader: ({ context, deps }) =>
    prefetchTeacherClassPage(context.queryClient, deps.courseId, deps.tab ?? 'data'),
  pendingComponent: TablePageSkeleton,
  component: ClassDetailRoute,
});

function ClassDetailRoute() {
  const { courseId, tab } = Route.useSearch();
  const navigate = Route.useNavigate();
  if (!courseId) return <CourseChooser area="teaching-manage" tab={tab} />;
  return (
    <TeacherClassPage
      area="teaching-manage"
      courseId={courseId}
      tab={tab ?? 'data'}
      onTabChange={(next) => void navigate({ search: { courseId, tab: next } })}
    />
  );
}
