import { createFileRoute } from '@tanstack/react-router';
import { ensureSchoolId } from '@/shared/session/current-school-id';
import { studentHomeOverviewQuery } from '@/features/homework/api/stats-queries';
import { StudentHomeFigures } from '@/features/homework/components/student-home-figures';
import { myCoursesQuery } from '@/features/my-course/api/my-course-queries';
import { MyCoursePageSkeleton } from '@/features/my-course/pages/my-course-page-skeleton';
import { StudentHomePage } from '@/features/my-course/pages/student-home-page';
import { LatestNoticeCard } from '@/features/notice/components/latest-notice-card';

/** 学习中心 of the old teaching area: the student's figures, then courses with the newest notice beside them. */
export const Route = createFileRoute('/_main/teaching/student/')({
  // The loader travels with the page: its SDK calls stay out of the first bundle.
  loader: async ({ context: { queryClient } }) => {
    const schoolId = await ensureSchoolId(queryClient);
    await Promise.all([
      queryClient.ensureQueryData(myCoursesQuery(schoolId)),
      queryClient.prefetchQuery(studentHomeOverviewQuery(schoolId)),
    ]);
  },
  pendingComponent: MyCoursePageSkeleton,
  component: () => (
    <StudentHomePage
      figures={<StudentHomeFigures area="teaching" />}
      aside={<LatestNoticeCard allPath="/teaching/student/notice" />}
    />
  ),
});
