import { idSearchValue } from '@/lib/search-params';

/** `?id=12&courseId=3` of the class page's quiz detail: the quiz's id as the string the API uses. */
export function studentQuizDetailSearch(search: Record<string, unknown>): { id?: string; courseId?: string } {
  const id = idSearchValue(search.id);
  const courseId = idSearchValue(search.courseId);
  return { ...(id ? { id } : {}), ...(courseId ? { courseId } : {}) };
}

/** Where the student's quiz pages live (the class page's tab, the quiz card, the result). */
export const STUDENT_QUIZ_PATHS = {
  list: '/teaching-manage/student/test/list',
  detail: '/teaching-manage/student/test/detail',
  start: '/start-test/$id',
  result: '/test-result-student/$paperId',
} as const;
