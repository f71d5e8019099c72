import type { TeachingArea } from '@/shared/teaching-area';

/** The course pages of each teaching area. */
export const AREA_PATHS = {
  'teaching-manage': {
    list: '/teaching-manage/teacher/teaching-class',
    add: '/teaching-manage/teacher/add-class',
    detail: '/teaching-manage/teacher/teaching-class/detail/$courseId/$resourceId',
  },
  teaching: {
    list: '/teaching/teacher/teachingclass',
    add: '/teaching/teacher/teachingclass/detail',
    detail: '/teaching/teacher/teachingclass/detail/$courseId/$resourceId',
  },
} as const satisfies Record<TeachingArea, unknown>;

/** The class-detail tabs of the new area; notice and courseware pages are another feature's. */
export const CLASS_DETAIL_PATH = '/teaching-manage/teacher/class-detail';

/** Detail route's resourceId when no single teaching class is picked. */
export const ALL_CLASSES = 'all';
