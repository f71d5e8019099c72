/**
 * The teaching pages live in two areas with their own addresses: the new
 * teaching shell (/teaching-manage/teacher/...) and the old area under the main
 * shell (/teaching/teacher/...). A page gets its area from the route that
 * mounts it and links within that area.
 */
export type TeachingArea = 'manage' | 'classic';

export const AREA_PATHS = {
  manage: {
    list: '/teaching-manage/teacher/teaching-class',
    add: '/teaching-manage/teacher/add-class',
    detail: '/teaching-manage/teacher/teaching-class/detail/$courseId/$resourceId',
  },
  classic: {
    list: '/teaching/teacher/teachingclass',
    add: '/teaching/teacher/teachingclass/detail',
    detail: '/teaching/teacher/teachingclass/detail/$courseId/$resourceId',
  },
} as const;

/** The class-detail tabs of the new area; notice and courseware pages are another feature's. */
export const CLASS_DETAIL_PATH = '/teaching-manage/teacher/class-detail';

/** Detail route's resourceId when no single teaching class is picked. */
export const ALL_CLASSES = 'all';
