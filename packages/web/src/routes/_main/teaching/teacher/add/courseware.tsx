import { createFileRoute } from '@tanstack/react-router';
import { requireSchoolRole, TEACHER_ONLY } from '@/app/role-guard';
import { ensureSchoolId } from '@/shared/session/current-school-id';
import { coursewareCoursesQuery } from '@/features/courseware/api/courseware-queries';
import { AddCoursewarePage } from '@/features/courseware/pages/add-courseware-page';
import { CoursewarePageSkeleton } from '@/features/courseware/pages/courseware-page-skeleton';
import { courseIdSearch } from '@/lib/search-params';
import { returnToSearch } from '@/shared/return-to';

export const Route = createFileRoute('/_main/teaching/teacher/add/courseware')({
  // notices and courseware are the teacher's (a school manager meets 无权访问, not a refused call)
  beforeLoad: ({ context }) => requireSchoolRole(context.queryClient, TEACHER_ONLY),
  // The loader travels with the page: its SDK calls stay out of the first bundle.
  validateSearch: (search: Record<string, unknown>) => ({
    ...courseIdSearch(search),
    ...returnToSearch(search),
  }),
  loader: async ({ context: { queryClient } }) => {
    const schoolId = await ensureSchoolId(queryClient);
    await queryClient.ensureQueryData(coursewareCoursesQuery(schoolId));
  },
  pendingComponent: CoursewarePageSkeleton,
  component: AddCoursewareRoute,
});

function AddCoursewareRoute() {
  const { courseId, returnTo } = Route.useSearch();
  return <AddCoursewarePage area="teaching" courseId={courseId} returnTo={returnTo} />;
}
