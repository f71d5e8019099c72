/**
 * The notice pages are mounted twice: in the old teaching area (/teaching/...)
 * and in the new one (/teaching-manage/...). Links between them stay in the
 * area the user is in.
 */
export type TeachingArea = 'teaching' | 'teaching-manage';

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
} as const;

export const NOTICE_STATUS_LABELS: Record<0 | 1, string> = { 0: '草稿', 1: '已发布' };
