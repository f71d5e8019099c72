import { idSearchValue } from '@/lib/search-params';

/** `?examId=12` of /attention: the exam's id as the string the API uses (a number from code is taken too). */
export function attentionSearch(search: Record<string, unknown>): { examId?: string } {
  const examId = idSearchValue(search.examId);
  return examId ? { examId } : {};
}

/** Where the student's exam pages are (product spec, "Exam routes under the main shell"). */
export const STUDENT_EXAM_PATHS = {
  list: '/my/examination',
  attention: '/attention',
  card: '/examination/$id',
} as const;
