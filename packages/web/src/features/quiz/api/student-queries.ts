import {
  quizApiCourseClassStatistics,
  quizApiCourseQuizList,
  quizApiGetDetail,
  quizApiListByCourse,
  quizApiStatistics,
  quizPaperDetail,
  quizPaperQuestionDetail,
  quizPaperResultEx,
  quizPaperUserGetList,
} from '@dfrm/sdk/tms';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { observeServerTime } from '@/lib/server-clock';
import { QUERY_ROOTS } from '@/shared/query-roots';

export const STUDENT_QUIZ_PAGE_SIZE = 10;

/** The list's filter: every quiz of the course, or only those not handed in yet. */
export type StudentQuizFilter = 'all' | 'unfinished';

/**
 * The student's quiz keys, all below one prefix: a start or a hand-in changes the lists, the
 * statistics, the quiz's state and the paper, and refreshes them all at once.
 */
export const studentQuizKeys = {
  all: [...QUERY_ROOTS.quiz, 'student'] as const,
  courses: () => [...studentQuizKeys.all, 'courses'] as const,
  statistics: (courseId: string | undefined) =>
    [...studentQuizKeys.all, 'statistics', courseId ?? ''] as const,
  list: (courseId: string, filter: StudentQuizFilter, pageIndex: number) =>
    [...studentQuizKeys.all, 'list', courseId, filter, pageIndex] as const,
  detail: (quizId: string) => [...studentQuizKeys.all, 'detail', quizId] as const,
  classStatistics: (courseId: string) => [...studentQuizKeys.all, 'class-statistics', courseId] as const,
  paper: (paperId: string) => [...studentQuizKeys.all, 'paper', paperId] as const,
  question: (paperId: string, quId: string) => [...studentQuizKeys.all, 'question', paperId, quId] as const,
  result: (paperId: string) => [...studentQuizKeys.all, 'result', paperId] as const,
  myPaperOf: (quizId: string) => [...studentQuizKeys.all, 'my-paper-of', quizId] as const,
};

/** 课程切换: each of the student's courses with its quiz counts. */
export const studentQuizCoursesQuery = () =>
  queryOptions({
    queryKey: studentQuizKeys.courses(),
    queryFn: ({ signal }) => quizApiCourseQuizList({ signal }),
  });

/** 我的测验统计, of one course or of all. */
export const studentQuizStatisticsQuery = (courseId: string | undefined) =>
  queryOptions({
    queryKey: studentQuizKeys.statistics(courseId),
    queryFn: ({ signal }) => quizApiStatistics({ body: courseId ? { courseId } : {}, signal }),
  });

/** One page of a course's quizzes with the student's own state, newest start first. */
export const studentQuizListQuery = (courseId: string, filter: StudentQuizFilter, pageIndex: number) =>
  queryOptions({
    queryKey: studentQuizKeys.list(courseId, filter, pageIndex),
    queryFn: ({ signal }) =>
      quizApiListByCourse({
        path: { courseId },
        body: { pageIndex, pageSize: STUDENT_QUIZ_PAGE_SIZE, unfinishedOnly: filter === 'unfinished' },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

/** A quiz before it is started: description, limits, window, the student's state, the server's time. */
export const studentQuizDetailQuery = (quizId: string) =>
  queryOptions({
    queryKey: studentQuizKeys.detail(quizId),
    queryFn: async ({ signal }) => {
      const detail = await quizApiGetDetail({ body: { quizId }, signal });
      observeServerTime(detail.serverTime);
      return detail;
    },
    // the page says in place why it could not load (测验不存在 or not given to you)
    meta: { silentError: true },
  });

/** The student's scores against their class, quiz by quiz, in a course. */
export const studentQuizClassStatisticsQuery = (courseId: string) =>
  queryOptions({
    queryKey: studentQuizKeys.classStatistics(courseId),
    queryFn: ({ signal }) => quizApiCourseClassStatistics({ body: { courseId }, signal }),
  });

/** The paper being answered: questions (without the key), which are answered, the deadline. */
export const studentPaperQuery = (paperId: string) =>
  queryOptions({
    queryKey: studentQuizKeys.paper(paperId),
    queryFn: async ({ signal }) => {
      const paper = await quizPaperDetail({ body: { paperId }, signal });
      observeServerTime(paper.serverTime);
      return paper;
    },
    meta: { silentError: true },
    // the answers on screen are the saver's; a refetch on focus would only move the clock
    refetchOnWindowFocus: false,
  });

/** One question of the paper with the answer the server holds for it. */
export const studentPaperQuestionQuery = (paperId: string, quId: string) =>
  queryOptions({
    queryKey: studentQuizKeys.question(paperId, quId),
    queryFn: ({ signal }) => quizPaperQuestionDetail({ body: { paperId, quId }, signal }),
    // read once per visit: afterwards the saver holds what the student has answered
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });

/** A handed-in paper's score, answers question by question and the class comparison. */
export const studentPaperResultQuery = (paperId: string) =>
  queryOptions({
    queryKey: studentQuizKeys.result(paperId),
    queryFn: ({ signal }) => quizPaperResultEx({ body: { paperId }, signal }),
    meta: { silentError: true },
  });

/** The student's paper of a quiz (each student has at most one), or null when not started. */
export const studentMyPaperOfQuery = (quizId: string) =>
  queryOptions({
    queryKey: studentQuizKeys.myPaperOf(quizId),
    queryFn: async ({ signal }) => {
      const page = await quizPaperUserGetList({ body: { quizId, pageIndex: 1, pageSize: 1 }, signal });
      return page.list[0] ?? null;
    },
    meta: { silentError: true },
  });
