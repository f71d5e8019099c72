import type { CourseStatus } from '@dfrm/sdk/tms';
import { COURSE_STATUS_LABELS } from '@/shared/labels';

/** A student's course status: its name and the colour of its badge. */
export const COURSE_STATUS: Record<CourseStatus, { label: string; color: string }> = {
  0: { label: COURSE_STATUS_LABELS[0], color: 'gray' },
  1: { label: COURSE_STATUS_LABELS[1], color: 'teal' },
  2: { label: COURSE_STATUS_LABELS[2], color: 'dark' },
};
