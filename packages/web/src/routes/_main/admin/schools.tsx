import { createFileRoute } from '@tanstack/react-router';
import { TablePageSkeleton } from '@/components/data-table/table-page-skeleton';
import { AdminSchoolsPage } from '@/features/admin/pages/admin-schools-page';

/** 学校管理. */
export const Route = createFileRoute('/_main/admin/schools')({
  pendingComponent: TablePageSkeleton,
  component: AdminSchoolsPage,
});
