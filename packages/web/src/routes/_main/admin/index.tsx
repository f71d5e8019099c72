import { createFileRoute } from '@tanstack/react-router';
import { AdminHomePage } from '@/features/admin/pages/admin-home-page';
import { prefetchAdminHome } from '@/features/admin/api/admin-queries';

/** 管理后台: counts and the way to the three lists. */
export const Route = createFileRoute('/_main/admin/')({
  loader: ({ context }) => prefetchAdminHome(context.queryClient),
  component: AdminHomePage,
});
