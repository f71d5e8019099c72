import type { StudentWorkStatus } from '@dfrm/sdk/tms';

/**
 * The completion list's view as search params (?workId=&status=&q=&sort=&order=): the grading
 * view carries the same ones, so 上一份 / 下一份 walk the list the teacher came from and the way
 * back returns to it as it was.
 */
export interface FinishListSearch {
  workId?: string;
  status?: FinishFilter;
  /** Name, student number or group name. */
  q?: string;
  sort?: FinishSortField;
  order?: 'asc' | 'desc';
}

/** 待批改, 已批改, 未提交, 已退回 (a student work's status), or 迟交 (handed in after the deadline). */
export type FinishFilter = 'pending' | 'graded' | 'unsubmitted' | 'returned' | 'late';

/** What the server sorts by: student number, hand-in time, the teacher's score. */
export type FinishSortField = 'studentNumber' | 'submitTime' | 'score';

export const FINISH_FILTER_LABELS: Record<FinishFilter | 'all', string> = {
  all: '全部',
  pending: '待批改',
  graded: '已批改',
  unsubmitted: '未提交',
  returned: '已退回',
  late: '迟交',
};

const FILTER_STATUS: Record<Exclude<FinishFilter, 'late'>, StudentWorkStatus> = {
  unsubmitted: 0,
  pending: 1,
  graded: 2,
  returned: 3,
};

const FILTERS = new Set<string>(Object.keys(FINISH_FILTER_LABELS));
const SORT_FIELDS = new Set<string>(['studentNumber', 'submitTime', 'score']);

/** The route's validateSearch: what is not understood is dropped rather than sent to the server. */
export function finishListSearch(search: Record<string, unknown>): FinishListSearch {
  const result: FinishListSearch = {};
  const { workId, status, q, sort, order } = search;
  if (typeof workId === 'string' && /^\d{1,19}$/.test(workId)) result.workId = workId;
  else if (typeof workId === 'number' && Number.isSafeInteger(workId) && workId > 0)
    result.workId = String(workId);
  if (typeof status === 'string' && status !== 'all' && FILTERS.has(status))
    result.status = status as FinishFilter;
  if (typeof q === 'string' && q.trim()) result.q = q.trim().slice(0, 50);
  if (typeof sort === 'string' && SORT_FIELDS.has(sort)) {
    result.sort = sort as FinishSortField;
    if (order === 'desc') result.order = 'desc';
  }
  return result;
}

/** The finish list's filter and order as queryWorkFinishStatus takes them (one query key per view). */
export interface FinishListParams {
  status?: StudentWorkStatus;
  isLate?: boolean;
  keyword?: string;
  sortBy: FinishSortField;
  sortOrder: 'asc' | 'desc';
}

export function finishListParams(search: FinishListSearch): FinishListParams {
  const params: FinishListParams = {
    sortBy: search.sort ?? 'studentNumber',
    sortOrder: search.sort ? (search.order ?? 'asc') : 'asc',
  };
  if (search.status === 'late') params.isLate = true;
  else if (search.status) params.status = FILTER_STATUS[search.status];
  if (search.q) params.keyword = search.q;
  return params;
}
