import { createFileRoute } from '@tanstack/react-router';
import { TablePageSkeleton } from '@/components/data-table/table-page-skeleton';
import { AdminUserGroupsPage } from '@/features/admin/pages/admin-user-groups-page';
import { prefetchAdminGroups } from '@/features/admin/api/admin-queries';

/** 用户组管理. */
export const Route = createFileRoute('/_main/admin/user-groups/')({
  loader: ({ context }) => prefetchAdminGroups(context.queryClient),
  pendingComponent: TablePageSkeleton,
  component: AdminUserGroupsPage,
});
