import { createFileRoute } from '@tanstack/react-router';
import { NotFound } from '@/app/not-found';

/**
 * Any address no page claims (/foo/bar, /teaching/nothing) gets 页面不存在 inside the main
 * shell, with its navigation and a way back. Real pages are more specific and win over this
 * catch-all; /teaching-manage/... has its own in the teaching area's shell.
 */
export const Route = createFileRoute('/_main/$')({
  component: NotFound,
});
