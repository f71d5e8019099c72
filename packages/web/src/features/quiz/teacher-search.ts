import { idSearchValue } from '@/lib/search-params';
import { returnToSearch } from '@/shared/return-to';

/**
 * The teacher's quiz pages (product spec, new teaching area). /test/list is the class page's 测验
 * tab (?courseId=); /test/manage creates (?courseId=) or edits (?id=) a quiz; /test/statistics
 * shows one (?id=); the top-level pages take the quiz or the paper as a path param.
 */
export const QUIZ_TEACHER_PATHS = {
  list: '/teaching-manage/teacher/test/list',
  manage: '/teaching-manage/teacher/test/manage',
  statistics: '/teaching-manage/teacher/test/statistics',
  preview: '/test-preview/$id',
  review: '/review-test/$paperId',
} as const;

/** `?id=` of the statistics page: the quiz, or nothing (the page then says so). */
export function quizIdSearch(search: Record<string, unknown>): { id?: string } {
  const id = idSearchValue(search.id);
  return id ? { id } : {};
}

/** `?id=&courseId=&returnTo=` of the quiz form: edit a quiz, or a new one for a course. */
export function quizManageSearch(search: Record<string, unknown>): {
  id?: string;
  courseId?: string;
  returnTo?: string;
} {
  const courseId = idSearchValue(search.courseId);
  return { ...quizIdSearch(search), ...(courseId ? { courseId } : {}), ...returnToSearch(search) };
}

/** A path param that is no id names nothing: the page says the quiz or paper was not found. */
export function isIdParam(value: string): boolean {
  return idSearchValue(value) !== undefined;
}
