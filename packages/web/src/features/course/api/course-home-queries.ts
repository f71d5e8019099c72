import {
  getCourseList,
  getStudentAnnounceList,
  getStudentCourseTable,
  getStudentRecentCourse,
  getStudentWareList,
  getTeacherCourseTable,
  getTeacherRecentCourse,
  type SchoolRole,
} from '@dfrm/sdk/tms';
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { QUERY_ROOTS } from '@/shared/query-roots';
import { currentSchoolQuery } from '@/shared/session/school-info';

/** Courses shown on the home page; the full list is one click away. */
export const HOME_COURSE_COUNT = 6;
/** Unread notices and new courseware shown on a student's home. */
export const HOME_ITEM_COUNT = 5;
/** 近期课程: the days after today that the home page looks ahead. */
export const UPCOMING_DAYS = 7;

const DAY_MS = 86_400_000;
const CHINA_OFFSET_MS = 8 * 3_600_000;

/** The calendar date (YYYY-MM-DD) in China, where the server's timetable lives, `days` after `now`. */
export function chinaDateOf(now: number, days = 0): string {
  return new Date(now + CHINA_OFFSET_MS + days * DAY_MS).toISOString().slice(0, 10);
}

/** Today and the last day the home page looks ahead to. */
export function homeDates(now = Date.now()): { today: string; until: string } {
  return { today: chinaDateOf(now), until: chinaDateOf(now, UPCOMING_DAYS) };
}

/** What the home page shows for this role. */
export type HomeKind = 'teacher' | 'student' | 'manager' | 'no-school' | 'no-role';

export function homeKind(role: SchoolRole | null, schoolId: string): HomeKind {
  if (schoolId === '0') return 'no-school';
  if (role === 'teacher') return 'teacher';
  if (role === 'student') return 'student';
  if (role === 'schoolManager') return 'manager';
  return 'no-role';
}

// Keys sit under the roots of the data they show, so the mutations and reads that change it
// (a new course, a shared courseware, a notice read) refresh the home as well.
const keys = {
  timetable: (who: 'teacher' | 'student', schoolId: string, from: string, to: string) =>
    [...QUERY_ROOTS.course, 'home', 'timetable', who, schoolId, from, to] as const,
  teacherRecent: (schoolId: string) => [...QUERY_ROOTS.course, 'home', 'recent', schoolId] as const,
  schoolCourses: (schoolId: string) => [...QUERY_ROOTS.course, 'home', 'school', schoolId] as const,
  studentRecent: (schoolId: string) => [...QUERY_ROOTS.myCourse, 'home', 'recent', schoolId] as const,
  // under notice/student: the notice reader refreshes that prefix once a notice is read
  unreadNotices: (schoolId: string) => [...QUERY_ROOTS.notice, 'student', 'home', schoolId] as const,
  newCourseware: (schoolId: string) => [...QUERY_ROOTS.courseware, 'student', 'home', schoolId] as const,
};

/** A teacher's classes from `from` to `to` (both included), by date and start time. */
export const teacherTimetableQuery = (schoolId: string, from: string, to: string) =>
  queryOptions({
    queryKey: keys.timetable('teacher', schoolId, from, to),
    queryFn: ({ signal }) =>
      getTeacherCourseTable({ path: { schoolId, startDate: from, endDate: to }, signal }),
  });

/** A student's classes from `from` to `to`. */
export const studentTimetableQuery = (schoolId: string, from: string, to: string) =>
  queryOptions({
    queryKey: keys.timetable('student', schoolId, from, to),
    queryFn: ({ signal }) =>
      getStudentCourseTable({ path: { schoolId, startDate: from, endDate: to }, signal }),
  });

/** A teacher's courses that have not ended, the next class first. */
export const teacherRecentCoursesQuery = (schoolId: string) =>
  queryOptions({
    queryKey: keys.teacherRecent(schoolId),
    queryFn: ({ signal }) =>
      getTeacherRecentCourse({ path: { showNumber: HOME_COURSE_COUNT }, query: { schoolId }, signal }),
  });

/** The newest courses a teacher (or, for a school manager, the school) has, with their total. */
export const schoolCoursesQuery = (schoolId: string) =>
  queryOptions({
    queryKey: keys.schoolCourses(schoolId),
    queryFn: ({ signal }) =>
      getCourseList({ body: { schoolId, pageIndex: 1, pageSize: HOME_COURSE_COUNT }, signal }),
  });

/** A student's courses that have not ended, the next class first. */
export const studentRecentCoursesQuery = (schoolId: string) =>
  queryOptions({
    queryKey: keys.studentRecent(schoolId),
    queryFn: ({ signal }) =>
      getStudentRecentCourse({ path: { showNumber: HOME_COURSE_COUNT }, query: { schoolId }, signal }),
  });

/** A student's newest unread notices and how many are unread in all. */
export const unreadNoticesQuery = (schoolId: string) =>
  queryOptions({
    queryKey: keys.unreadNotices(schoolId),
    queryFn: ({ signal }) =>
      getStudentAnnounceList({
        body: { schoolId, viewed: false, pageIndex: 1, pageSize: HOME_ITEM_COUNT },
        signal,
      }),
  });

/** The courseware most recently shared with a student's classes. */
export const newCoursewareQuery = (schoolId: string) =>
  queryOptions({
    queryKey: keys.newCourseware(schoolId),
    queryFn: ({ signal }) =>
      getStudentWareList({ body: { schoolId, pageIndex: 1, pageSize: HOME_ITEM_COUNT }, signal }),
  });

/**
 * Warms what /course reads for the user's role. Each section shows its own loading, error and
 * empty state, so a failing read here is left to the section (the page still opens).
 */
export async function ensureCourseHome(queryClient: QueryClient, now = Date.now()): Promise<void> {
  const current = await queryClient.ensureQueryData(currentSchoolQuery());
  const kind = homeKind(current.type, current.schoolId);
  const { today, until } = homeDates(now);
  const id = current.schoolId;
  if (kind === 'teacher') {
    await Promise.all([
      queryClient.prefetchQuery(teacherTimetableQuery(id, today, until)),
      queryClient.prefetchQuery(teacherRecentCoursesQuery(id)),
      queryClient.prefetchQuery(schoolCoursesQuery(id)),
    ]);
  } else if (kind === 'student') {
    await Promise.all([
      queryClient.prefetchQuery(studentTimetableQuery(id, today, until)),
      queryClient.prefetchQuery(studentRecentCoursesQuery(id)),
      queryClient.prefetchQuery(unreadNoticesQuery(id)),
      queryClient.prefetchQuery(newCoursewareQuery(id)),
    ]);
  } else if (kind === 'manager') {
    await queryClient.prefetchQuery(schoolCoursesQuery(id));
  }
}
