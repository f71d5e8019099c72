import {
  getCourseList,
  type QuizStatus,
  quizTeacherGetDetail,
  quizTeacherGetList,
  quizTeacherReviewStudentQuiz,
  quizTeacherStatisticsV2,
  quizTeacherStudentRecordV2,
} from '@dfrm/sdk/tms';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { QUERY_ROOTS } from '@/shared/query-roots';

/**
 * Every key of the teacher's quiz pages is under quiz/teacher, so one invalidation after a change
 * (save, status, answers) refreshes the lists, the detail and the figures together.
 */
export const teacherQuizKeys = {
  all: [...QUERY_ROOTS.quiz, 'teacher'] as const,
  list: (params: TeacherQuizListParams) => [...teacherQuizKeys.all, 'list', params] as const,
  detail: (quizId: string) => [...teacherQuizKeys.all, 'detail', quizId] as const,
  statistics: (quizId: string, classId: string | undefined) =>
    [...teacherQuizKeys.all, 'statistics', quizId, classId ?? 'all'] as const,
  records: (params: QuizRecordParams) => [...teacherQuizKeys.all, 'records', params] as const,
  review: (paperId: string) => [...teacherQuizKeys.all, 'review', paperId] as const,
  courses: (schoolId: string) => [...teacherQuizKeys.all, 'courses', schoolId] as const,
};

export const TEACHER_QUIZ_PAGE_SIZE = 10;
export const QUIZ_RECORD_PAGE_SIZE = 20;

export interface TeacherQuizListParams {
  courseId?: string | undefined;
  status?: QuizStatus | undefined;
  keyword?: string | undefined;
  pageIndex: number;
}

const withoutUndefined = <T extends object>(value: T): T =>
  Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;

/** The teacher's quizzes (of one course, or all), newest change first. */
export const teacherQuizListQuery = (params: TeacherQuizListParams) =>
  queryOptions({
    queryKey: teacherQuizKeys.list(params),
    queryFn: ({ signal }) =>
      quizTeacherGetList({
        body: withoutUndefined({
          courseId: params.courseId,
          status: params.status,
          keyword: params.keyword || undefined,
          pageIndex: params.pageIndex,
          pageSize: TEACHER_QUIZ_PAGE_SIZE,
        }),
        signal,
      }),
    placeholderData: keepPreviousData,
  });

/** One quiz with its questions, keys and analyses. */
export const teacherQuizDetailQuery = (quizId: string) =>
  queryOptions({
    queryKey: teacherQuizKeys.detail(quizId),
    queryFn: ({ signal }) => quizTeacherGetDetail({ body: { quizId }, signal }),
  });

/** The quiz's figures, over all its classes or one (the per-class rows are always all of them). */
export const quizStatisticsQuery = (quizId: string, classId?: string) =>
  queryOptions({
    queryKey: teacherQuizKeys.statistics(quizId, classId),
    queryFn: ({ signal }) => quizTeacherStatisticsV2({ body: withoutUndefined({ quizId, classId }), signal }),
    placeholderData: keepPreviousData,
  });

export type QuizRecordSortField = 'studentNumber' | 'score' | 'submittedAt';

export interface QuizRecordParams {
  quizId: string;
  classId?: string | undefined;
  keyword?: string | undefined;
  notStartedOnly?: boolean | undefined;
  sortBy: QuizRecordSortField;
  sortOrder?: 'asc' | 'desc' | undefined;
  pageIndex: number;
}

/** Every student of the quiz's classes with their paper (those not started too), one page. */
export const quizRecordsQuery = (params: QuizRecordParams) =>
  queryOptions({
    queryKey: teacherQuizKeys.records(params),
    queryFn: ({ signal }) =>
      quizTeacherStudentRecordV2({
        body: withoutUndefined({
          quizId: params.quizId,
          classId: params.classId,
          keyword: params.keyword || undefined,
          notStartedOnly: params.notStartedOnly || undefined,
          sortBy: params.sortBy,
          sortOrder: params.sortOrder,
          pageIndex: params.pageIndex,
          pageSize: QUIZ_RECORD_PAGE_SIZE,
        }),
        signal,
      }),
    placeholderData: keepPreviousData,
  });

/** One student's handed-in paper, with the keys, analyses, class average and rank. */
export const quizReviewQuery = (paperId: string) =>
  queryOptions({
    queryKey: teacherQuizKeys.review(paperId),
    queryFn: ({ signal }) => quizTeacherReviewStudentQuiz({ body: { paperId }, signal }),
  });

/** The teacher's courses with their teaching classes (a teacher has far fewer than 200). */
export const quizCoursesQuery = (schoolId: string) =>
  queryOptions({
    queryKey: teacherQuizKeys.courses(schoolId),
    queryFn: async ({ signal }) =>
      (await getCourseList({ body: { schoolId, pageIndex: 1, pageSize: 200 }, signal })).list,
  });
