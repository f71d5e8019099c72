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
