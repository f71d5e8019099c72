import { idSearchValue } from '@/lib/search-params';
import { returnToSearch } from '@/shared/return-to';

/**
 * `?workId=12&returnTo=…` of the student's homework page: the work's id as the string the API
 * uses (a number from code is taken too), and where 返回 leads (a class page's 作业 tab).
 */
export function studentWorkSearch(search: Record<string, unknown>): { workId?: string; returnTo?: string } {
  const workId = idSearchValue(search.workId);
  return { ...(workId ? { workId } : {}), ...returnToSearch(search) };
}
