import { createFileRoute } from '@tanstack/react-router';
import { requireSchoolRole, TEACHER_ONLY } from '@/app/role-guard';
import { ensureSchoolId } from '@/shared/session/current-school-id';
import { homeworkCoursesQuery } from '@/features/homework/api/teacher-work-queries';
import { CourseWorkEditPage } from '@/features/homework/pages/course-work-edit-page';
import { CourseWorkFormSkeleton } from '@/features/homework/pages/teacher-work-skeletons';
import { courseIdSearch } from '@/lib/search-params';
import { returnToSearch } from '@/shared/return-to';

/** A new work (布置作业); ?courseId= picks its course in advance, ?returnTo= is the class page it came from. */
export const Route = createFileRoute('/_main/teaching/teacher/add/home/work/')({
  // homework is the teacher's (a school manager meets 无权访问, not a refused call)
  beforeLoad: ({ context }) => requireSchoolRole(context.queryClient, TEACHER_ONLY),
  // The loader travels with the page: its SDK calls stay out of the first bundle.
  validateSearch: (search: Record<string, unknown>) => ({
    ...courseIdSearch(search),
    ...returnToSearch(search),
  }),
  loader: async ({ context: { queryClient } }) => {
    const schoolId = await ensureSchoolId(queryClient);
    await queryClient.ensureQueryData(homeworkCoursesQuery(schoolId));
  },
  pendingComponent: CourseWorkFormSkeleton,
  component: NewWorkRoute,
});

function NewWorkRoute() {
  const { courseId, returnTo } = Route.useSearch();
  return <CourseWorkEditPage area="teaching" courseId={courseId} returnTo={returnTo} />;
}
