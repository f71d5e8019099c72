import { createFileRoute } from '@tanstack/react-router';
import { requireSchoolRole, TEACHER_ONLY } from '@/app/role-guard';
import { loadGroupSetEdit } from '@/features/homework/api/group-loaders';
import { groupSetEditSearch } from '@/features/homework/group-set-search';
import { GroupSetEditPage } from '@/features/homework/pages/group-set-edit-page';
import { GroupSetEditSkeleton } from '@/features/homework/pages/work-groups-skeleton';

/** 新建分组 of a course, or 编辑分组 with ?workGroupId= (old area). */
export const Route = createFileRoute('/_main/teaching/teacher/add/home/work/grouping/$courseId')({
  beforeLoad: ({ context }) => requireSchoolRole(context.queryClient, TEACHER_ONLY),
  validateSearch: groupSetEditSearch,
  loaderDeps: ({ search }) => ({ workGroupId: search.workGroupId }),
  loader: ({ context, params, deps }) =>
    loadGroupSetEdit(context.queryClient, params.courseId, deps.workGroupId),
  pendingComponent: GroupSetEditSkeleton,
  component: GroupSetEditRoute,
});

function GroupSetEditRoute() {
  const { courseId } = Route.useParams();
  const { workGroupId, returnTo } = Route.useSearch();
  return (
    <GroupSetEditPage
      key={`${courseId}:${workGroupId ?? 'new'}`}
      area="teaching"
      courseId={courseId}
      workGroupId={workGroupId}
      returnTo={returnTo}
    />
  );
}
