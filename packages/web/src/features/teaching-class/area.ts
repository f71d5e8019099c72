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

/** The new area's class page (?courseId=&tab=): where the course card and the list lead. */
export const CLASS_DETAIL_PATH = '/teaching-manage/teacher/class-detail';

/** Detail route's resourceId when no single teaching class is picked. */
export const ALL_CLASSES = 'all';

/** The tabs of the class page, in their order. */
export const CLASS_TABS = [
  { value: 'chapters', label: '章节' },
  { value: 'students', label: '学生' },
  { value: 'notices', label: '通知' },
  { value: 'homework', label: '作业' },
  { value: 'quizzes', label: '测验' },
  { value: 'groups', label: '分组' },
  { value: 'courseware', label: '课件' },
  { value: 'data', label: '学习数据' },
] as const;

export type ClassTab = (typeof CLASS_TABS)[number]['value'];

const TAB_VALUES: readonly string[] = CLASS_TABS.map((tab) => tab.value);

/** `?tab=` of a class page: a known tab, or nothing (the page's first tab). */
export function classTabSearch(search: Record<string, unknown>): { tab?: ClassTab } {
  return typeof search.tab === 'string' && TAB_VALUES.includes(search.tab)
    ? { tab: search.tab as ClassTab }
    : {};
}
