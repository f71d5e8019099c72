import { createFileRoute, Outlet } from '@tanstack/react-router';
import { requireAdmin } from '@/app/role-guard';

/** /admin/...: the platform admin's area; anyone else gets 无权访问 (the server refuses them too). */
export const Route = createFileRoute('/_main/admin')({
  beforeLoad: ({ context }) => requireAdmin(context.queryClient),
  component: Outlet,
});
