import { createFileRoute } from '@tanstack/react-router';
import { requireSchoolRole, TEACHER_ONLY } from '@/app/role-guard';
import { TablePageSkeleton } from '@/components/data-table/table-page-skeleton';
import { prefetchClassPage } from '@/features/teaching-class/api/course-queries';
import { CourseChooser } from '@/features/teaching-class/components/course-chooser';

/** The spec's .../teaching-class/detail with no course: says so and offers the teacher's courses. */
export const Route = createFileRoute('/_teaching-manage/teaching-manage/teacher/teaching-class/detail/')({
  beforeLoad: ({ context }) => requireSchoolRole(context.queryClient, TEACHER_ONLY),
  loader: ({ context }) => prefetchClassPage(context.queryClient, undefined),
  pendingComponent: TablePageSkeleton,
  component: () => <CourseChooser area="teaching-manage" />,
});
