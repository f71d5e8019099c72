import { createFileRoute } from '@tanstack/react-router';
import { loadStudentLearning } from '@/features/homework/api/stats-queries';
import { StudentLearningSkeleton } from '@/features/homework/pages/stats-page-skeletons';
import { StudentLearningPage } from '@/features/homework/pages/student-learning-page';

export const Route = createFileRoute('/_teaching-manage/teaching-manage/student/_class-frame/learning')({
  // The loader travels with the page: its SDK calls stay out of the first bundle.
  loaderDeps: ({ search }) => ({ courseId: search.courseId }),
  loader: ({ context: { queryClient }, deps }) => loadStudentLearning(queryClient, deps.courseId),
  pendingComponent: StudentLearningSkeleton,
  component: ClassLearningRoute,
});

function ClassLearningRoute() {
  const { courseId } = Route.useSearch();
  return <StudentLearningPage courseId={courseId} />;
}
