import { createFileRoute } from '@tanstack/react-router';
import { TablePageSkeleton } from '@/components/data-table/table-page-skeleton';
import { AdminUsersPage } from '@/features/admin/pages/admin-users-page';
import { prefetchAdminUsers } from '@/features/admin/api/admin-queries';

/** 用户管理. */
export const Route = createFileRoute('/_main/admin/users')({
  loader: ({ context }) => prefetchAdminUsers(context.queryClient),
  pendingComponent: TablePageSkeleton,
  component: AdminUsersPage,
});
