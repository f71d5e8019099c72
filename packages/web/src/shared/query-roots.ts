/**
 * The first element of every query key, per domain. A feature builds its keys
 * under its own root; a mutation that changes another domain's data names that
 * root in `meta.invalidates` (lib/query-client.ts invalidates it on success)
 * instead of retyping the other feature's keys.
 */
export const QUERY_ROOTS = {
  /** The current school and role (shared/session). */
  school: ['school'],
  /** The user's groups (resource pools) in a school (shared/session). */
  userGroup: ['userGroup'],
  /** Courses, teaching classes, sections and their counts (teaching-class, course home). */
  course: ['courseMgr'],
  /** Students of the school and of courses (student). */
  student: ['studentMgr'],
  /** A student's own courses (my-course, course home). */
  myCourse: ['myCourse'],
  courseware: ['courseware'],
  notice: ['notice'],
  /** Course works, hand-ins, grading, work groups and their statistics (homework). */
  homework: ['homework'],
  /** Exams: the teacher's exams and lists, the student's exams, attempts and results (exam). */
  exam: ['exam'],
  /** Quizzes: the teacher's quizzes and statistics, the student's quizzes, papers and results (quiz). */
  quiz: ['quiz'],
  /** The caller's own account: platform flags and schools (shared/session/account-info). */
  account: ['account'],
  /** The teacher's exercise bank: exercises, their tags (题库), papers built from them (exercise). */
  exercise: ['exercise'],
  /** The platform admin's lists: schools, accounts, user groups (admin). */
  admin: ['admin'],
} as const;
