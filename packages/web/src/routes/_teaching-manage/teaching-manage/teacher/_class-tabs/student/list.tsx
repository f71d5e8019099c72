import { createFileRoute } from '@tanstack/react-router';
import { prefetchTeacherClassPage, TeacherClassPage } from '@/app/class-page/teacher-class-page';
import { requireSchoolRole, TEACHER_ONLY } from '@/app/role-guard';
import { TablePageSkeleton } from '@/components/data-table/table-page-skeleton';
import { CLASS_DETAIL_PATH } from '@/features/teaching-class/area';
import { CourseChooser } from '@/features/teaching-class/components/course-chooser';

/** The 学生名单 tab of the product spec: the class page on 学生 (?courseId=); other tabs continue at class-detail. */
export const Route = createFileRoute('/_teaching-manage/teaching-manage/teacher/_class-tabs/student/list')({
  beforeLoad: ({ context }) => requireSchoolRole(context.queryClient, TEACHER_ONLY),
  loaderDeps: ({ search }) => ({ courseId: search.courseId }),
  loader: ({ context, deps }) => prefetchTeacherClassPage(context.queryClient, deps.courseId, 'students'),
  pendingComponent: TablePageSkeleton,
  component: ClassTabRoute,
});

function ClassTabRoute() {
  const { courseId } = Route.useSearch();
  const navigate = Route.useNavigate();
  if (!courseId) return <CourseChooser area="teaching-manage" tab="students" />;
  return (
    <TeacherClassPage
      area="teaching-manage"
      courseId={courseId}
      tab="students"
      onTabChange={(next) => void navigate({ to: CLASS_DETAIL_PATH, search: { courseId, tab: next } })}
    />
  );
}
