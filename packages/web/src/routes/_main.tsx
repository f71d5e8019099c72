import { createFileRoute, Outlet } from '@tanstack/react-router';
import { MainShell } from '@/app/shells/main-shell';

/** Pathless layout: the main shell around /course and, later, the rest of the main area. */
export const Route = createFileRoute('/_main')({
  component: () => (
    <MainShell>
      <Outlet />
    </MainShell>
  ),
});
