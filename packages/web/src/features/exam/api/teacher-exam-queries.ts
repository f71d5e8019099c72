import {
  type ExamPhase,
  type ExamUpDownStatus,
  examExaminersList,
  examGet,
  examGetAmount,
  examList,
  examStatic,
  examUserAttend,
  examUserGet,
  getCourseList,
  getStudentList,
} from '@dfrm/sdk/tms';
import { exercisePaperGet, exercisePaperList } from '@dfrm/sdk/resource';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { QUERY_ROOTS } from '@/shared/query-roots';

/**
 * Every key of the teacher's exam pages starts here, so a teacher's change invalidates them all
 * by prefix (an exam's list row, its examiners and their papers, its statistics move together).
 */
export const EXAM_TEACHER_KEY = ['exam', 'teacher'] as const;

export const EXAM_PAGE_SIZE = 10;
export const EXAMINER_PAGE_SIZE = 20;

export interface ExamListParams {
  schoolId: string;
  keyword?: string | undefined;
  courseId?: string | undefined;
  upDownStatus?: ExamUpDownStatus | undefined;
  phase?: ExamPhase | undefined;
  pageIndex: number;
}

const withoutUndefined = <T extends object>(value: T): T =>
  Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;

/** The teacher's exams, one page, newest first (the server's default order). */
export const examListQuery = (params: ExamListParams) =>
  queryOptions({
    queryKey: [...EXAM_TEACHER_KEY, 'list', params] as const,
    queryFn: ({ signal }) =>
      examList({
        body: withoutUndefined({
          schoolId: params.schoolId,
          keyword: params.keyword || undefined,
          courseId: params.courseId,
          upDownStatus: params.upDownStatus,
          phase: params.phase,
          pageIndex: params.pageIndex,
          pageSize: EXAM_PAGE_SIZE,
        }),
        signal,
      }),
    placeholderData: keepPreviousData,
  });

/** The counts above the list (全部, 上架, 下架, 未开始, 进行中, 已结束). */
export const examAmountQuery = (schoolId: string, courseId?: string) =>
  queryOptions({
    queryKey: [...EXAM_TEACHER_KEY, 'amount', schoolId, courseId ?? null] as const,
    queryFn: ({ signal }) => examGetAmount({ body: withoutUndefined({ schoolId, courseId }), signal }),
  });

/** An exam with its paper (keys and analyses: the teacher's view). */
export const examDetailQuery = (examId: string) =>
  queryOptions({
    queryKey: [...EXAM_TEACHER_KEY, 'detail', examId] as const,
    queryFn: ({ signal }) => examGet({ path: { examId }, signal }),
  });

export interface ExaminerListParams {
  examId: string;
  keyword?: string | undefined;
  attendStatus?: 0 | 1 | 2 | 3 | undefined;
  markStatus?: 0 | 1 | undefined;
  pageIndex: number;
}

/** An exam's list of students with their scores, one page by student number. */
export const examinersQuery = (params: ExaminerListParams) =>
  queryOptions({
    queryKey: [...EXAM_TEACHER_KEY, 'examiners', params.examId, params] as const,
    queryFn: ({ signal }) =>
      examExaminersList({
        body: withoutUndefined({
          examId: params.examId,
          keyword: params.keyword || undefined,
          attendStatus: params.attendStatus,
          markStatus: params.markStatus,
          pageIndex: params.pageIndex,
          pageSize: EXAMINER_PAGE_SIZE,
        }),
        signal,
      }),
    placeholderData: keepPreviousData,
  });

/**
 * Every student of an exam's list in one ordered run (the grading page's 上一位 / 下一位). The
 * contract pages at most 200 a call; a list is read page by page until it is complete.
 */
export const allExaminersQuery = (examId: string) =>
  queryOptions({
    queryKey: [...EXAM_TEACHER_KEY, 'examiners', examId, 'all'] as const,
    queryFn: async ({ signal }) => {
      const first = await examExaminersList({ body: { examId, pageIndex: 1, pageSize: 200 }, signal });
      const list = [...first.list];
      for (let page = 2; list.length < first.total; page += 1) {
        const next = await examExaminersList({ body: { examId, pageIndex: page, pageSize: 200 }, signal });
        if (next.list.length === 0) break;
        list.push(...next.list);
      }
      return list;
    },
  });

/** One student's paper with the keys and each question's score (the grading page). */
export const examUserResultQuery = (examId: string, userId: string) =>
  queryOptions({
    queryKey: [...EXAM_TEACHER_KEY, 'examiners', examId, 'paper', userId] as const,
    queryFn: ({ signal }) => examUserGet({ path: { examId, userId }, signal }),
  });

/** The exam's statistics: counts, score bands and the item analysis. */
export const examStaticQuery = (examId: string) =>
  queryOptions({
    queryKey: [...EXAM_TEACHER_KEY, 'examiners', examId, 'static'] as const,
    queryFn: ({ signal }) => examStatic({ path: { examId }, signal }),
  });

/** The teacher's courses, for the exam's course and the list's filter (a teacher has far fewer than 200). */
export const examCoursesQuery = (schoolId: string) =>
  queryOptions({
    queryKey: [...EXAM_TEACHER_KEY, 'courses', schoolId] as const,
    queryFn: async ({ signal }) =>
      (await getCourseList({ body: { schoolId, pageIndex: 1, pageSize: 200 }, signal })).list,
  });

/** Students of the teacher's classes matching a name or number, to add to an exam one by one. */
export const examStudentSearchQuery = (schoolId: string, keyword: string) =>
  queryOptions({
    queryKey: [...EXAM_TEACHER_KEY, 'students', schoolId, keyword] as const,
    queryFn: async ({ signal }) =>
      (
        await getStudentList({
          body: withoutUndefined({ schoolId, keyword: keyword || undefined, pageIndex: 1, pageSize: 20 }),
          signal,
        })
      ).list,
    placeholderData: keepPreviousData,
  });

/** When a student entered and handed in, how, and how much was saved (checking an appeal). */
export const examUserAttendQuery = (examId: string, userId: string) =>
  queryOptions({
    queryKey: [...EXAM_TEACHER_KEY, 'examiners', examId, 'attend', userId] as const,
    queryFn: ({ signal }) => examUserAttend({ path: { examId, userId }, signal }),
  });

/**
 * The exercise bank's papers an exam can copy its questions from. Keyed under the bank's root, so
 * a paper changed in the bank (its mutations invalidate that root) is read again here.
 */
const SOURCE_PAPER_KEY = [...QUERY_ROOTS.exercise, 'examSource'] as const;

/** The papers a select shows at once: the contract's largest page; typing a name finds the others. */
export const SOURCE_PAPER_PAGE = 200;

/** The teacher's exercise papers whose name holds `keyword` (all without one), newest change first. */
export const sourcePapersQuery = (keyword = '') =>
  queryOptions({
    queryKey: [...SOURCE_PAPER_KEY, 'list', keyword] as const,
    queryFn: ({ signal }) =>
      exercisePaperList({
        body: { pageIndex: 1, pageSize: SOURCE_PAPER_PAGE, ...(keyword ? { keyword } : {}) },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

/** One exercise paper with its questions, for the preview of what the exam will copy. */
export const sourcePaperQuery = (paperId: string) =>
  queryOptions({
    queryKey: [...SOURCE_PAPER_KEY, 'paper', paperId] as const,
    queryFn: ({ signal }) => exercisePaperGet({ path: { paperId }, signal }),
  });
