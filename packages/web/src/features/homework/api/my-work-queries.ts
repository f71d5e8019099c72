import {
  getMyWorkInfo,
  getMyWorkListV2,
  getScoredWork,
  getStudentCourseList,
  getUnCommitWorkNum,
} from '@dfrm/sdk/tms';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { observeServerTime } from '@/lib/server-clock';
import { homeworkKeys } from './homework-keys';

export const MY_WORK_PAGE_SIZE = 10;

/** The list's filter: the counts of getMyWorkListV2, one segment each. */
export type MyWorkFilter = 'all' | 'unsubmitted' | 'submitted' | 'corrected' | 'returned' | 'overdue';

export interface MyWorkListParams {
  schoolId: string;
  courseId?: string | undefined;
  filter: MyWorkFilter;
  pageIndex: number;
}

const FILTER_BODY: Record<MyWorkFilter, { status?: 0 | 1 | 2 | 3; overdue?: true }> = {
  all: {},
  unsubmitted: { status: 0 },
  submitted: { status: 1 },
  corrected: { status: 2 },
  returned: { status: 3 },
  overdue: { overdue: true },
};

/** The student's own homework: every key below `homeworkKeys.student`, so a hand-in refreshes them all. */
export const myWorkKeys = {
  all: homeworkKeys.student,
  list: (params: MyWorkListParams) => [...homeworkKeys.student, 'list', params] as const,
  detail: (schoolId: string, workId: string) =>
    [...homeworkKeys.student, 'detail', schoolId, workId] as const,
  score: (schoolId: string, workId: string) => [...homeworkKeys.student, 'score', schoolId, workId] as const,
  courses: (schoolId: string) => [...homeworkKeys.student, 'courses', schoolId] as const,
  uncommitted: (schoolId: string) => [...homeworkKeys.student, 'uncommitted', schoolId] as const,
};

/** 我的作业: one page, works still to do first, with the counts of every filter and the server's time. */
export const myWorkListQuery = (params: MyWorkListParams) =>
  queryOptions({
    queryKey: myWorkKeys.list(params),
    queryFn: async ({ signal }) => {
      const page = await getMyWorkListV2({
        body: {
          schoolId: params.schoolId,
          ...(params.courseId ? { courseId: params.courseId } : {}),
          ...FILTER_BODY[params.filter],
          sortBy: 'urgency',
          pageIndex: params.pageIndex,
          pageSize: MY_WORK_PAGE_SIZE,
        },
        signal,
      });
      observeServerTime(page.serverTime);
      return page;
    },
    placeholderData: keepPreviousData,
  });

/** A work with the student's (or their team's) answer, revision and, once published, score. */
export const myWorkDetailQuery = (schoolId: string, workId: string) =>
  queryOptions({
    queryKey: myWorkKeys.detail(schoolId, workId),
    queryFn: async ({ signal }) => {
      const detail = await getMyWorkInfo({ path: { schoolId, workId }, signal });
      observeServerTime(detail.serverTime);
      return detail;
    },
    // the page says why it could not load (作业不存在, not given to you) in place
    meta: { silentError: true },
  });

/** The published score with the class's average, best score and the student's rank. */
export const scoredWorkQuery = (schoolId: string, workId: string) =>
  queryOptions({
    queryKey: myWorkKeys.score(schoolId, workId),
    queryFn: ({ signal }) => getScoredWork({ path: { schoolId, workId }, signal }),
  });

/** The student's courses (at most 200), for the course filter. */
export const myWorkCoursesQuery = (schoolId: string) =>
  queryOptions({
    queryKey: myWorkKeys.courses(schoolId),
    queryFn: async ({ signal }) => {
      const courses = await getStudentCourseList({ body: { schoolId }, signal });
      return courses.map((course) => ({ courseId: course.courseId, courseName: course.courseName }));
    },
    staleTime: 5 * 60_000,
  });

/** Works still open to hand in, for the navigation's count. */
export const uncommittedWorkQuery = (schoolId: string) =>
  queryOptions({
    queryKey: myWorkKeys.uncommitted(schoolId),
    queryFn: ({ signal }) => getUnCommitWorkNum({ path: { schoolId }, signal }),
  });
