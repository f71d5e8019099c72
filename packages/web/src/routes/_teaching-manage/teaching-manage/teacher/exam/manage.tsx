import { createFileRoute } from '@tanstack/react-router';
import { requireSchoolRole, TEACHER_ONLY } from '@/app/role-guard';
import { exerciseTagsQuery } from '@/features/exercise/api/exercise-queries';
import { exerciseManageSearch } from '@/features/exercise/exercise-search';
import { ExerciseManagePage } from '@/features/exercise/pages/exercise-manage-page';
import { ExerciseManageSkeleton } from '@/features/exercise/pages/exercise-skeletons';

export const Route = createFileRoute('/_teaching-manage/teaching-manage/teacher/exam/manage')({
  // the exercise bank is the teacher's own (a school manager meets 无权访问, not a refused call)
  beforeLoad: ({ context }) => requireSchoolRole(context.queryClient, TEACHER_ONLY),
  validateSearch: exerciseManageSearch,
  // The loader travels with the page: its SDK calls stay out of the first bundle.
  loader: ({ context: { queryClient } }) => queryClient.ensureQueryData(exerciseTagsQuery()),
  pendingComponent: ExerciseManageSkeleton,
  component: ExerciseManageRoute,
});

function ExerciseManageRoute() {
  const { tagId, tab } = Route.useSearch();
  return <ExerciseManagePage tagId={tagId} tab={tab} />;
}
