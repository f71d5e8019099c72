import { returnToSearch } from '@/shared/return-to';

/**
 * `?workId=12&returnTo=…` of the student's homework page: the work's id as the string the API
 * uses (a number from code is taken too), and where 返回 leads (a class page's 作业 tab).
 */
export function studentWorkSearch(search: Record<string, unknown>): { workId?: string; returnTo?: string } {
  const value = search.workId;
  const workId =
    typeof value === 'number' && Number.isSafeInteger(value) && value > 0
      ? String(value)
      : typeof value === 'string' && /^\d{1,19}$/.test(value)
        ? value
        : undefined;
  return { ...(workId ? { workId } : {}), ...returnToSearch(search) };
}
