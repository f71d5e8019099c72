import { courseIdSearch, idSearchValue } from '@/lib/search-params';

/** `?courseId=&workId=` of 学情概览: the course and the work shown, as the API's string ids. */
export function overviewSearch(search: Record<string, unknown>): { courseId?: string; workId?: string } {
  const workId = idSearchValue(search.workId);
  return { ...courseIdSearch(search), ...(workId ? { workId } : {}) };
}
