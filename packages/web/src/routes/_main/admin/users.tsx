import { createFileRoute } from '@tanstack/react-router';
import { TablePageSkeleton } from '@/components/data-table/table-page-skeleton';
import { AdminUsersPage } from '@/features/admin/pages/admin-users-page';

/** 用户管理. */
export const Route = createFileRoute('/_main/admin/users')({
  pendingComponent: TablePageSkeleton,
  component: AdminUsersPage,
});
