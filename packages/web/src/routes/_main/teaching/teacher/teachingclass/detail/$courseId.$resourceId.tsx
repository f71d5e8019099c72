import { createFileRoute } from '@tanstack/react-router';
import { requireSchoolRole, TEACHER_ONLY } from '@/app/role-guard';
import { TablePageSkeleton } from '@/components/data-table/table-page-skeleton';
import { ensureCourseDetail } from '@/features/teaching-class/api/course-queries';
import { TeachingClassDetailPage } from '@/features/teaching-class/pages/teaching-class-detail-page';

export const Route = createFileRoute('/_main/teaching/teacher/teachingclass/detail/$courseId/$resourceId')({
  beforeLoad: ({ context }) => requireSchoolRole(context.queryClient, TEACHER_ONLY),
  loader: ({ context, params }) => ensureCourseDetail(context.queryClient, params.courseId),
  pendingComponent: TablePageSkeleton,
  component: DetailRoute,
});

function DetailRoute() {
  const { courseId, resourceId } = Route.useParams();
  const navigate = Route.useNavigate();
  return (
    <TeachingClassDetailPage
      area="teaching"
      courseId={courseId}
      resourceId={resourceId}
      onSelectClass={(next) => void navigate({ params: { courseId, resourceId: next }, replace: true })}
    />
  );
}
