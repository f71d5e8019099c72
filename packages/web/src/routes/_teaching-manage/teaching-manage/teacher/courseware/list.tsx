import { createFileRoute } from '@tanstack/react-router';
import { requireSchoolRole, TEACHER_ONLY } from '@/app/role-guard';
import { ensureSchoolId } from '@/shared/session/current-school-id';
import {
  coursewareCoursesQuery,
  teacherCoursewareListQuery,
} from '@/features/courseware/api/courseware-queries';
import { CoursewarePageSkeleton } from '@/features/courseware/pages/courseware-page-skeleton';
import { TeacherCoursewareListPage } from '@/features/courseware/pages/teacher-courseware-list-page';
import { courseIdSearch } from '@/lib/search-params';

export const Route = createFileRoute('/_teaching-manage/teaching-manage/teacher/courseware/list')({
  // notices and courseware are the teacher's (a school manager meets 无权访问, not a refused call)
  beforeLoad: ({ context }) => requireSchoolRole(context.queryClient, TEACHER_ONLY),
  // The loader travels with the page: its SDK calls stay out of the first bundle.
  validateSearch: courseIdSearch,
  loaderDeps: ({ search }) => ({ courseId: search.courseId }),
  loader: async ({ context: { queryClient }, deps }) => {
    const schoolId = await ensureSchoolId(queryClient);
    await Promise.all([
      queryClient.ensureQueryData(coursewareCoursesQuery(schoolId)),
      queryClient.ensureQueryData(
        teacherCoursewareListQuery({ schoolId, courseId: deps.courseId, pageIndex: 1 }),
      ),
    ]);
  },
  pendingComponent: CoursewarePageSkeleton,
  component: CoursewareListRoute,
});

function CoursewareListRoute() {
  const { courseId } = Route.useSearch();
  return <TeacherCoursewareListPage area="teaching-manage" courseId={courseId} />;
}
