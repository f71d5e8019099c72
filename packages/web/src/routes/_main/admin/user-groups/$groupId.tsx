import { createFileRoute } from '@tanstack/react-router';
import { TablePageSkeleton } from '@/components/data-table/table-page-skeleton';
import { AdminGroupMembersPage } from '@/features/admin/pages/admin-group-members-page';
import { prefetchGroupMembers } from '@/features/admin/api/admin-queries';

/** One user group's members. */
export const Route = createFileRoute('/_main/admin/user-groups/$groupId')({
  loader: ({ context, params }) => prefetchGroupMembers(context.queryClient, params.groupId),
  pendingComponent: TablePageSkeleton,
  component: function GroupMembersRoute() {
    const { groupId } = Route.useParams();
    return <AdminGroupMembersPage groupId={groupId} />;
  },
});
