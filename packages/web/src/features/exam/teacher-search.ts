// The teacher's exam addresses and their search params. Route files read this module in
// validateSearch, so it imports nothing heavier than lib/ (no SDK calls).
import { idSearchValue } from '@/lib/search-params';

/**
 * The exam pages live under the main shell (product spec, "Exam routes under the main shell"); the
 * new teaching area's exam/manage is the exercise bank and its papers (features/exercise), and its
 * sidebar leads here for exams.
 */
export const EXAM_TEACHER_PATHS = {
  list: '/examination/management',
  add: '/edit/examination',
  edit: '/edit/examination/$examId',
  examiners: '/examiner/$examId',
  grading: '/commentpage/$examId/$userId',
} as const;

export type ExaminerTab = 'list' | 'stats';

/** `?tab=stats` opens the examiner page on its 统计分析 tab. */
export function examinerTabSearch(search: Record<string, unknown>): { tab?: ExaminerTab } {
  return search.tab === 'stats' ? { tab: 'stats' } : {};
}

export interface NewExamSearch {
  courseId?: string;
  /** An exercise paper to copy the questions from (the bank's 用于新建考试). */
  sourcePaperId?: string;
}

/**
 * `?courseId=` of a new exam: its course chosen in advance; `?sourcePaperId=`: the exercise paper
 * its questions are copied from, chosen in advance. A value that names no id is dropped.
 */
export function newExamSearch(search: Record<string, unknown>): NewExamSearch {
  const courseId = idSearchValue(search.courseId);
  const sourcePaperId = idSearchValue(search.sourcePaperId);
  return { ...(courseId ? { courseId } : {}), ...(sourcePaperId ? { sourcePaperId } : {}) };
}
