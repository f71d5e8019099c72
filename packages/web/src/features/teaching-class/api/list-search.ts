import type { CourseStatus } from '@dfrm/sdk/tms';

// Plain functions, no schema library: route files run these in the first bundle.

export type CourseSortField = 'createdAt' | 'startDate' | 'courseName' | 'studentNum';

/** The teaching-class list's state in the address bar (?page=2&keyword=...). */
export interface CourseListSearch {
  page?: number;
  keyword?: string;
  status?: CourseStatus;
  sortField?: CourseSortField;
  sortOrder?: 'asc' | 'desc';
}

const SORT_FIELDS: readonly CourseSortField[] = ['createdAt', 'startDate', 'courseName', 'studentNum'];

export function parseCourseListSearch(search: Record<string, unknown>): CourseListSearch {
  const out: CourseListSearch = {};
  const page = Number(search.page);
  if (Number.isInteger(page) && page > 1) out.page = page;
  if (typeof search.keyword === 'string' && search.keyword.trim())
    out.keyword = search.keyword.trim().slice(0, 50);
  const status = Number(search.status);
  if (search.status !== undefined && (status === 0 || status === 1 || status === 2)) out.status = status;
  if (SORT_FIELDS.includes(search.sortField as CourseSortField))
    out.sortField = search.sortField as CourseSortField;
  if (search.sortOrder === 'asc' || search.sortOrder === 'desc') out.sortOrder = search.sortOrder;
  return out;
}
