import { getCourseList, queryCourseWorkListV2 } from '@dfrm/sdk/tms';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { homeworkKeys } from './homework-keys';

export const TEACHER_WORK_PAGE_SIZE = 10;

/** The columns the server sorts the teacher's list by (the table's column ids are the same). */
export type TeacherWorkSortField = 'updatedAt' | 'startTime' | 'endTime';

/**
 * Where a work stands, as the list filters it: a draft, published and still open (its deadline
 * not passed, started or not), or past its deadline.
 */
export type TeacherWorkState = 'draft' | 'open' | 'closed';

export interface TeacherWorkListParams {
  schoolId: string;
  courseId?: string | undefined;
  keyword?: string | undefined;
  state?: TeacherWorkState | undefined;
  /** The instant open and closed are judged at (fixed when the filter was chosen, so the key holds still). */
  at?: number | undefined;
  scoreStatus?: 0 | 1 | undefined;
  pageIndex: number;
  sortBy?: TeacherWorkSortField | undefined;
  sortOrder?: 'asc' | 'desc' | undefined;
}

export const teacherWorkKeys = {
  list: (params: TeacherWorkListParams) => [...homeworkKeys.teacher, 'list', params] as const,
  detail: (schoolId: string, workId: string) =>
    [...homeworkKeys.teacher, 'detail', schoolId, workId] as const,
  courses: (schoolId: string) => [...homeworkKeys.teacher, 'courses', schoolId] as const,
};

const withoutUndefined = <T extends object>(value: T): T =>
  Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;

/** The state filter as the server's fields: the publish status and a deadline bound. */
function stateFilter(state: TeacherWorkState | undefined, at: number | undefined) {
  if (state === 'draft') return { publishStatus: 0 as const };
  if (state === 'open') return { publishStatus: 1 as const, endFrom: at };
  if (state === 'closed') return { publishStatus: 1 as const, endTo: at };
  return {};
}

/** The teacher's works (drafts too) with their classes and hand-in counts, one page, sorted on the server. */
export const teacherWorkListQuery = (params: TeacherWorkListParams) =>
  queryOptions({
    queryKey: teacherWorkKeys.list(params),
    queryFn: ({ signal }) =>
      queryCourseWorkListV2({
        body: withoutUndefined({
          schoolId: params.schoolId,
          courseId: params.courseId,
          keyword: params.keyword || undefined,
          ...stateFilter(params.state, params.at),
          scoreStatus: params.scoreStatus,
          sortBy: params.sortBy,
          sortOrder: params.sortOrder,
          pageIndex: params.pageIndex,
          pageSize: TEACHER_WORK_PAGE_SIZE,
        }),
        signal,
      }),
    placeholderData: keepPreviousData,
  });

/** The teacher's courses with their teaching classes (a teacher has far fewer than 200). */
export const homeworkCoursesQuery = (schoolId: string) =>
  queryOptions({
    queryKey: teacherWorkKeys.courses(schoolId),
    queryFn: async ({ signal }) =>
      (await getCourseList({ body: { schoolId, pageIndex: 1, pageSize: 200 }, signal })).list,
  });
