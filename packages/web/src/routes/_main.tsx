import { createFileRoute } from '@tanstack/react-router';
import { PageOutlet } from '@/app/shells/page-outlet';
import { MainShell } from '@/app/shells/main-shell';

/** Pathless layout: the main shell around /course and, later, the rest of the main area. */
export const Route = createFileRoute('/_main')({
  component: () => (
    <MainShell>
      <PageOutlet />
    </MainShell>
  ),
});
