import { createFileRoute, Outlet } from '@tanstack/react-router';
import { TeachingManageShell } from '@/app/shells/teaching-manage-shell';

/**
 * Pathless layout of the new teaching area: its pages go in
 * routes/_teaching-manage/ with their full paths (teaching-manage/teacher/...).
 */
export const Route = createFileRoute('/_teaching-manage')({
  component: () => (
    <TeachingManageShell>
      <Outlet />
    </TeachingManageShell>
  ),
});
