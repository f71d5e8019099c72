import { createFileRoute } from '@tanstack/react-router';
import { requireSchoolRole, TEACHER_ONLY } from '@/app/role-guard';
import { ensureSchoolId } from '@/shared/session/current-school-id';
import { finishWorkQuery } from '@/features/homework/api/grading-queries';
import { homeworkCoursesQuery } from '@/features/homework/api/teacher-work-queries';
import { CourseWorkEditPage } from '@/features/homework/pages/course-work-edit-page';
import { CourseWorkFormSkeleton } from '@/features/homework/pages/teacher-work-skeletons';
import { returnToSearch } from '@/shared/return-to';

/** 编辑作业; ?returnTo= is the class page it came from. */
export const Route = createFileRoute('/_teaching-manage/teaching-manage/teacher/add/home/work/$courseWorkId')(
  {
    // homework is the teacher's (a school manager meets 无权访问, not a refused call)
    beforeLoad: ({ context }) => requireSchoolRole(context.queryClient, TEACHER_ONLY),
    validateSearch: returnToSearch,
    // The loader travels with the page: its SDK calls stay out of the first bundle.
    loader: async ({ context: { queryClient }, params }) => {
      const schoolId = await ensureSchoolId(queryClient);
      await Promise.all([
        queryClient.ensureQueryData(homeworkCoursesQuery(schoolId)),
        queryClient.ensureQueryData(finishWorkQuery(schoolId, params.courseWorkId)),
      ]);
    },
    pendingComponent: CourseWorkFormSkeleton,
    component: EditWorkRoute,
  },
);

function EditWorkRoute() {
  const { courseWorkId } = Route.useParams();
  const { returnTo } = Route.useSearch();
  return <CourseWorkEditPage area="teaching-manage" courseWorkId={courseWorkId} returnTo={returnTo} />;
}
