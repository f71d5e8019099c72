import { safeRedirect } from '@/shared/session/entry-paths';
import type { TeachingArea } from '@/shared/teaching-area';

/** The teacher's notice pages of each teaching area; links stay in the area the user is in. */
export const TEACHER_NOTICE_PATHS = {
  teaching: {
    list: '/teaching/teacher/notice/list',
    create: '/teaching/teacher/notice/edit',
    edit: '/teaching/teacher/notice/edit/$announceId',
  },
  'teaching-manage': {
    list: '/teaching-manage/teacher/notice/list',
    create: '/teaching-manage/teacher/notice/edit',
    edit: '/teaching-manage/teacher/notice/edit/$announceId',
  },
} as const satisfies Record<TeachingArea, unknown>;

/**
 * `?returnTo=` of the notice form: the page it was opened from (a class page's
 * 通知 tab), where saving and 取消 lead back. Only this app's own paths.
 */
export function noticeReturnSearch(search: Record<string, unknown>): { returnTo?: string } {
  const returnTo = safeRedirect(search.returnTo);
  return returnTo ? { returnTo } : {};
}
