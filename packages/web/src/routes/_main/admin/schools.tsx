import { createFileRoute } from '@tanstack/react-router';
import { TablePageSkeleton } from '@/components/data-table/table-page-skeleton';
import { AdminSchoolsPage } from '@/features/admin/pages/admin-schools-page';
import { prefetchAdminSchools } from '@/features/admin/api/admin-queries';

/** 学校管理. */
export const Route = createFileRoute('/_main/admin/schools')({
  loader: ({ context }) => prefetchAdminSchools(context.queryClient),
  pendingComponent: TablePageSkeleton,
  component: AdminSchoolsPage,
});
