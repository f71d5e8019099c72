import {
  type ExamAttemptTiming,
  type ExamPhase,
  examinerCheck,
  examinerGet,
  examinerGetBase,
  examinerResultsGet,
  examinerStatusGet,
  examUserList,
} from '@dfrm/sdk/tms';
import { keepPreviousData, type QueryClient, queryOptions } from '@tanstack/react-query';
import { observeServerTime } from '@/lib/server-clock';
import { QUERY_ROOTS } from '@/shared/query-roots';

// The student's exams. The SDK's generated query options key by the call's id and base URL, not
// under the exam root, so a submission could not refresh them by prefix: as in homework, these
// build their keys below QUERY_ROOTS.exam and call the generated functions.

export const MY_EXAM_PAGE_SIZE = 10;

/** The list's filter: every exam, or one phase of them (the server's clock). */
export type MyExamFilter = 'all' | 'open' | 'upcoming' | 'ended';

const FILTER_PHASE: Record<MyExamFilter, ExamPhase | undefined> = {
  all: undefined,
  upcoming: 0,
  open: 1,
  ended: 2,
};

export interface MyExamListParams {
  schoolId: string;
  filter: MyExamFilter;
  pageIndex: number;
}

/** Every key of the student's exam pages, below one prefix so an entry or a submission refreshes them all. */
export const studentExamKeys = {
  all: [...QUERY_ROOTS.exam, 'student'] as const,
  lists: [...QUERY_ROOTS.exam, 'student', 'list'] as const,
  list: (params: MyExamListParams) => [...QUERY_ROOTS.exam, 'student', 'list', params] as const,
  check: (examId: string) => [...QUERY_ROOTS.exam, 'student', 'check', examId] as const,
  base: (examId: string) => [...QUERY_ROOTS.exam, 'student', 'base', examId] as const,
  status: (examId: string) => [...QUERY_ROOTS.exam, 'student', 'status', examId] as const,
  paper: (examId: string) => [...QUERY_ROOTS.exam, 'student', 'paper', examId] as const,
  results: (examId: string) => [...QUERY_ROOTS.exam, 'student', 'results', examId] as const,
};

/** 我的考试: one page, exams under way first (the server's order). */
export const myExamListQuery = (params: MyExamListParams) =>
  queryOptions({
    queryKey: studentExamKeys.list(params),
    queryFn: ({ signal }) => {
      const phase = FILTER_PHASE[params.filter];
      return examUserList({
        body: {
          schoolId: params.schoolId,
          pageIndex: params.pageIndex,
          pageSize: MY_EXAM_PAGE_SIZE,
          ...(phase === undefined ? {} : { phase }),
        },
        signal,
      });
    },
    placeholderData: keepPreviousData,
  });

/** May the student enter now, and why not (never an error: the page words the reason). */
export const examCheckQuery = (examId: string) =>
  queryOptions({
    queryKey: studentExamKeys.check(examId),
    queryFn: async ({ signal }) => {
      const check = await examinerCheck({ body: { examId }, signal });
      observeServerTime(check.serverTime);
      return check;
    },
    // the answer changes with the clock (opens, ends): asked again whenever the page is shown,
    // but not a second time by the page right after its loader asked
    staleTime: 5_000,
    meta: { silentError: true },
  });

/** The exam's rules for the notice before it: window, duration, scores, the questions by type. */
export const examBaseQuery = (examId: string) =>
  queryOptions({
    queryKey: studentExamKeys.base(examId),
    queryFn: async ({ signal }) => {
      const base = await examinerGetBase({ body: { examId }, signal });
      observeServerTime(base.serverTime);
      return base;
    },
    meta: { silentError: true },
  });

/** The student's attempt: not entered, answering (its deadline), submitted; what the server saved. */
export const examStatusQuery = (examId: string) =>
  queryOptions({
    queryKey: studentExamKeys.status(examId),
    queryFn: async ({ signal }) => {
      const status = await examinerStatusGet({ path: { examId }, signal });
      observeServerTime(status.serverTime);
      return status;
    },
    staleTime: 5_000,
    meta: { silentError: true },
  });

/**
 * The paper of an attempt under way, with every answer the server saved (examiner/get). Calling
 * it starts an attempt not yet entered, so the card asks only once the status says 作答中 (or
 * the notice page's 开始考试 put it here); it is not fetched again on its own.
 */
export const examPaperQuery = (examId: string) =>
  queryOptions({
    queryKey: studentExamKeys.paper(examId),
    queryFn: async ({ signal }) => {
      const paper = await examinerGet({ body: { examId }, signal });
      observeServerTime(paper.serverTime);
      return paper;
    },
    staleTime: Infinity,
    meta: { silentError: true },
  });

/** The submitted paper's result, as far as the exam's result policy shows it. */
export const examResultsQuery = (examId: string) =>
  queryOptions({
    queryKey: studentExamKeys.results(examId),
    queryFn: ({ signal }) => examinerResultsGet({ path: { examId }, signal }),
    meta: { silentError: true },
  });

/** A save's or the paper's timing, written into the cached status so the countdown follows it. */
export function updateCachedTiming(queryClient: QueryClient, timing: ExamAttemptTiming): void {
  queryClient.setQueryData(examStatusQuery(timing.examId).queryKey, (current) =>
    current
      ? {
          ...current,
          attendStatus: timing.attendStatus,
          enterTime: timing.enterTime,
          deadline: timing.deadline,
          submitTime: timing.submitTime,
          serverTime: timing.serverTime,
        }
      : current,
  );
}
