import { createFileRoute } from '@tanstack/react-router';
import { PageOutlet } from '@/app/shells/page-outlet';
import { TeachingManageShell } from '@/app/shells/teaching-manage-shell';

/**
 * Pathless layout of the new teaching area: its pages go in
 * routes/_teaching-manage/ with their full paths (teaching-manage/teacher/...).
 */
export const Route = createFileRoute('/_teaching-manage')({
  component: () => (
    <TeachingManageShell>
      <PageOutlet />
    </TeachingManageShell>
  ),
});
