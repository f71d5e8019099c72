import type { TeachingArea } from '@/shared/teaching-area';

/**
 * The homework pages of each teaching area (product spec, section 2); links stay in the
 * current area. `$courseWorkId`, `$studentWorkId` and `$courseId` are route params; the list,
 * completion and student pages take `?courseId=` / `?workId=` as search params.
 */
export const HOMEWORK_PATHS = {
  teaching: {
    list: '/teaching/teacher/home/work',
    add: '/teaching/teacher/add/home/work',
    edit: '/teaching/teacher/add/home/work/$courseWorkId',
    complete: '/teaching/teacher/home/work/complete',
    grade: '/teaching/teacher/home/work/complete/detail/$studentWorkId',
    grouping: '/teaching/teacher/home/work/grouping',
    addGrouping: '/teaching/teacher/add/home/work/grouping/$courseId',
    overview: '/teaching/teacher/overview',
    studentList: '/teaching/student/work',
    studentDetail: '/teaching/student/work/detail',
  },
  'teaching-manage': {
    list: '/teaching-manage/teacher/home/work',
    add: '/teaching-manage/teacher/add/home/work',
    edit: '/teaching-manage/teacher/add/home/work/$courseWorkId',
    complete: '/teaching-manage/teacher/home/work/complete',
    grade: '/teaching-manage/teacher/home/work/complete/detail/$studentWorkId',
    grouping: '/teaching-manage/teacher/home/work/grouping',
    addGrouping: '/teaching-manage/teacher/add/home/work/grouping/$courseId',
    overview: '/teaching-manage/teacher/overview',
    studentList: '/teaching-manage/student/work',
    studentDetail: '/teaching-manage/student/work/detail',
  },
} as const satisfies Record<TeachingArea, unknown>;
