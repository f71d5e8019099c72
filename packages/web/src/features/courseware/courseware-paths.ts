import { COURSEWARE_EXTENSIONS } from '@/components/file-drop/file-rules';
import type { TeachingArea } from '@/shared/teaching-area';

/** The teacher's courseware pages of each teaching area; links stay in the current area. */
export const TEACHER_COURSEWARE_PATHS = {
  teaching: {
    list: '/teaching/teacher/courseware/list',
    add: '/teaching/teacher/add/courseware',
  },
  'teaching-manage': {
    list: '/teaching-manage/teacher/courseware/list',
    add: '/teaching-manage/teacher/add/courseware',
  },
} as const satisfies Record<TeachingArea, unknown>;

/** What uploadCourseWare accepts (specs/tms/courseware.yaml). */
export const COURSEWARE_FILE_RULES = {
  maxSize: 200 * 1024 * 1024,
  extensions: COURSEWARE_EXTENSIONS,
  maxFiles: 20,
} as const;
