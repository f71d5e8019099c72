import { createFileRoute } from '@tanstack/react-router';
import { ensureSchoolId } from '@/shared/session/current-school-id';
import { studentCoursewareListQuery } from '@/features/courseware/api/courseware-queries';
import { CoursewarePageSkeleton } from '@/features/courseware/pages/courseware-page-skeleton';
import { StudentCoursewarePage } from '@/features/courseware/pages/student-courseware-page';
import { courseIdSearch } from '@/lib/search-params';

export const Route = createFileRoute('/_main/teaching/student/courseWare')({
  // The loader travels with the page: its SDK calls stay out of the first bundle.
  validateSearch: courseIdSearch,
  loaderDeps: ({ search }) => ({ courseId: search.courseId }),
  loader: async ({ context: { queryClient }, deps }) => {
    const schoolId = await ensureSchoolId(queryClient);
    await queryClient.ensureQueryData(
      studentCoursewareListQuery({ schoolId, courseId: deps.courseId, pageIndex: 1 }),
    );
  },
  pendingComponent: CoursewarePageSkeleton,
  component: StudentCoursewareRoute,
});

function StudentCoursewareRoute() {
  const { courseId } = Route.useSearch();
  return <StudentCoursewarePage courseId={courseId} />;
}
