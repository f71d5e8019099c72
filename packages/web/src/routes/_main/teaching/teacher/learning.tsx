import { createFileRoute } from '@tanstack/react-router';
import { requireSchoolRole, TEACHER_ONLY } from '@/app/role-guard';
import { loadLearningPage } from '@/features/homework/api/stats-queries';
import { LearningPage } from '@/features/homework/pages/learning-page';
import { LearningPageSkeleton } from '@/features/homework/pages/stats-page-skeletons';
import { courseIdSearch } from '@/lib/search-params';

export const Route = createFileRoute('/_main/teaching/teacher/learning')({
  // the students of the teacher's own teaching (a school manager meets 无权访问, not a refused call)
  beforeLoad: ({ context }) => requireSchoolRole(context.queryClient, TEACHER_ONLY),
  validateSearch: courseIdSearch,
  loaderDeps: ({ search }) => ({ courseId: search.courseId }),
  loader: ({ context: { queryClient }, deps }) => loadLearningPage(queryClient, deps.courseId),
  pendingComponent: LearningPageSkeleton,
  component: LearningRoute,
});

function LearningRoute() {
  const { courseId } = Route.useSearch();
  return <LearningPage courseId={courseId} />;
}
