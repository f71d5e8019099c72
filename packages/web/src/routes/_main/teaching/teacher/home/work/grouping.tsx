import { createFileRoute } from '@tanstack/react-router';
import { requireSchoolRole, TEACHER_ONLY } from '@/app/role-guard';
import { loadWorkGroups } from '@/features/homework/api/group-loaders';
import { WorkGroupsPage } from '@/features/homework/pages/work-groups-page';
import { WorkGroupsSkeleton } from '@/features/homework/pages/work-groups-skeleton';
import { courseIdSearch } from '@/lib/search-params';

/** 作业分组 of the old area (?courseId=): the group sets of the teacher's courses. */
export const Route = createFileRoute('/_main/teaching/teacher/home/work/grouping')({
  // groups are the teacher's (a school manager meets 无权访问, not a refused call)
  beforeLoad: ({ context }) => requireSchoolRole(context.queryClient, TEACHER_ONLY),
  validateSearch: courseIdSearch,
  loaderDeps: ({ search }) => ({ courseId: search.courseId }),
  loader: ({ context, deps }) => loadWorkGroups(context.queryClient, deps.courseId),
  pendingComponent: WorkGroupsSkeleton,
  component: WorkGroupsRoute,
});

function WorkGroupsRoute() {
  const { courseId } = Route.useSearch();
  return <WorkGroupsPage area="teaching" courseId={courseId} />;
}
