import { createFileRoute } from '@tanstack/react-router';
import { NotFound } from '@/app/not-found';

/**
 * Any /teaching-manage/... address without a page yet gets an honest "not
 * found" inside the area's shell. Real pages are more specific and win over
 * this catch-all; it also gives the pathless layout a child, without which the
 * layout would claim `/` (owned by the main shell's index).
 */
export const Route = createFileRoute('/_teaching-manage/teaching-manage/$')({
  component: NotFound,
});
