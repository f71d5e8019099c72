import { createFileRoute } from '@tanstack/react-router';
import { AdminHomePage } from '@/features/admin/pages/admin-home-page';

/** 管理后台: counts and the way to the three lists. */
export const Route = createFileRoute('/_main/admin/')({
  component: AdminHomePage,
});
