import type { CourseStatus } from '@dfrm/sdk/tms';

export const COURSE_STATUS: Record<CourseStatus, { label: string; color: string }> = {
  0: { label: '未开始', color: 'gray' },
  1: { label: '进行中', color: 'teal' },
  2: { label: '已结束', color: 'dark' },
};

/**
 * Where a student's course leads, per teaching area: the class detail in the
 * new area, the notice page filtered to the course in the old one.
 */
export type TeachingArea = 'teaching' | 'teaching-manage';
