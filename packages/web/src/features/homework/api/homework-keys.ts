import { QUERY_ROOTS } from '@/shared/query-roots';

/**
 * Every key of the homework feature starts with its root, then the part of the feature it
 * belongs to, so a mutation invalidates by prefix: a teacher's edit `teacher`, a grade
 * `teacher` and `student` (the student's result), a hand-in `student` and the teacher's
 * finish lists. Each part's query factories build their keys below its prefix here.
 */
export const homeworkKeys = {
  all: QUERY_ROOTS.homework,
  /** The teacher's works: lists, details, finish lists, grading, exports. */
  teacher: [...QUERY_ROOTS.homework, 'teacher'] as const,
  /** The student's own works: lists, details, answers, scores, messages. */
  student: [...QUERY_ROOTS.homework, 'student'] as const,
  /** Work group sets, their teams and members (teacher and student views). */
  groups: [...QUERY_ROOTS.homework, 'groups'] as const,
  /** Homework statistics of the teacher's pages and the overview. */
  stats: [...QUERY_ROOTS.homework, 'stats'] as const,
};
