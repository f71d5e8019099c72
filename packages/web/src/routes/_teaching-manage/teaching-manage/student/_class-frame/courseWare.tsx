import { createFileRoute } from '@tanstack/react-router';
import { ensureSchoolId } from '@/shared/session/current-school-id';
import { studentCoursewareListQuery } from '@/features/courseware/api/courseware-queries';
import { StudentCoursewarePage } from '@/features/courseware/pages/student-courseware-page';
import { CoursewarePageSkeleton } from '@/features/courseware/pages/courseware-page-skeleton';

export const Route = createFileRoute('/_teaching-manage/teaching-manage/student/_class-frame/courseWare')({
  // The loader travels with the page: its SDK calls stay out of the first bundle.
  loaderDeps: ({ search }) => ({ courseId: search.courseId }),
  loader: async ({ context: { queryClient }, deps }) => {
    const schoolId = await ensureSchoolId(queryClient);
    await queryClient.ensureQueryData(
      studentCoursewareListQuery({ schoolId, courseId: deps.courseId, pageIndex: 1 }),
    );
  },
  pendingComponent: CoursewarePageSkeleton,
  component: ClassCoursewareRoute,
});

function ClassCoursewareRoute() {
  const { courseId } = Route.useSearch();
  return <StudentCoursewarePage courseId={courseId} embedded />;
}
