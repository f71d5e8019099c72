import type { Input } from '../../contract/types';
import { and, asc, desc, eq, gte, inArray, lte } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { SchoolRole } from '../../db/schema/school';
import { type CourseRow, courseSections, courses, teachingClasses } from '../../db/schema/teaching';
import { ForbiddenError } from '../../lib/errors';
import type { AuthedCall, AuthedContext } from '../context';
import { NO_SUCH_ROLE_MESSAGE } from '../school/client-user';
import { holdsSchoolRole } from '../school/school-roles';
import type {
  StudentCourseTableItem,
  StudentRecentCourse,
  TeacherCourseTableItem,
  TeacherRecentCourse,
  TeachingClassBrief,
  TeachingCourse,
} from '@dfrm/sdk/tms/types';
import { todayOf } from './courses';
import { chinaDate, chinaTime, requireDateRange } from '../../lib/china-time';
import { courseStatus } from './status';
import { teachingClassIdsOfStudentUser } from './membership';
import {
  courseBrief,
  courseStudentNums,
  nextSections,
  sectionView,
  teachingClassBriefs,
  userBriefs,
} from './views';
import { resolveSchoolId } from '../school/resolve-school';
import { unCommittedByCourse, workCountsByCourse } from '../homework/stats';

/** Longest span of a course table request. */
export const MAX_TABLE_DAYS = 366;

/**
 * The school of a request whose schoolId is an optional query parameter: the
 * role middleware checked the current school, so a named one is checked here.
 */
export async function schoolForRole(
  ctx: AuthedContext,
  raw: string | undefined,
  role: SchoolRole,
): Promise<number> {
  if (raw === undefined || raw === '0') return resolveSchoolId(ctx, '0');
  if (!(await holdsSchoolRole({ ctx, input: { schoolId: raw, roles: [role] } }))) {
    throw new ForbiddenError(NO_SUCH_ROLE_MESSAGE);
  }
  return resolveSchoolId(ctx, raw);
}

function nowInChina(ctx: AuthedContext) {
  const now = ctx.clock.now();
  return { date: chinaDate(now), time: chinaTime(now) };
}

/** The courses a student account is in, with the student's own teaching class of each (the first, if several). */
export async function coursesOfStudent(
  ctx: AuthedContext,
  schoolId: number,
): Promise<{ course: CourseRow; teachingClassIds: number[] }[]> {
  const mine = await teachingClassIdsOfStudentUser(ctx, schoolId, ctx.auth.userId);
  if (mine.length === 0) return [];
  const rows = await ctx.db
    .select({ course: courses, teachingClassId: teachingClasses.id })
    .from(teachingClasses)
    .innerJoin(courses, eq(courses.id, teachingClasses.courseId))
    .where(and(inArray(teachingClasses.id, mine), eq(courses.schoolId, schoolId)))
    .orderBy(asc(teachingClasses.id));
  const byCourse = new Map<number, { course: CourseRow; teachingClassIds: number[] }>();
  for (const row of rows) {
    const entry = byCourse.get(row.course.id) ?? { course: row.course, teachingClassIds: [] };
    entry.teachingClassIds.push(row.teachingClassId);
    byCourse.set(row.course.id, entry);
  }
  return [...byCourse.values()];
}

/** The brief of the student's teaching class in a course (the lowest id when in several). */
export function ownTeachingClass(
  briefs: Map<number, TeachingClassBrief[]>,
  courseId: number,
  teachingClassIds: number[],
): TeachingClassBrief {
  const list = briefs.get(courseId) ?? [];
  const own = list.find((brief) => brief.teachingClassId === String(teachingClassIds[0]));
  if (!own) throw new Error(`teaching class ${teachingClassIds[0]} of course ${courseId} has no brief`);
  return own;
}

async function sectionsInRange(db: Db, courseIds: number[], startDate: string, endDate: string) {
  if (courseIds.length === 0) return [];
  return db
    .select()
    .from(courseSections)
    .where(
      and(
        inArray(courseSections.courseId, courseIds),
        gte(courseSections.classDate, startDate),
        lte(courseSections.classDate, endDate),
      ),
    )
    .orderBy(
      asc(courseSections.classDate),
      asc(courseSections.startTime),
      asc(courseSections.courseId),
      asc(courseSections.sortNo),
    );
}

/** The teacher's and the student's timetables take the same path fields. */
type TableInput = Input<'getTeacherCourseTable'> | Input<'getStudentCourseTable'>;

/** GET /tms-server/teacherPage/getTeacherCourseTable/{schoolId}/{startDate}/{endDate} */
export async function getTeacherCourseTable({
  ctx,
  input,
}: AuthedCall<TableInput>): Promise<TeacherCourseTableItem[]> {
  requireDateRange(input.startDate, input.endDate, { start: 'startDate', end: 'endDate' }, MAX_TABLE_DAYS);
  const schoolId = await resolveSchoolId(ctx, input.schoolId);
  const own = await ctx.db
    .select()
    .from(courses)
    .where(and(eq(courses.schoolId, schoolId), eq(courses.teacherUserId, ctx.auth.userId)));
  const byId = new Map(own.map((row) => [row.id, row]));
  const sections = await sectionsInRange(ctx.db, [...byId.keys()], input.startDate, input.endDate);
  const [briefs, teachers] = await Promise.all([
    teachingClassBriefs(ctx.db, [...new Set(sections.map((row) => row.courseId))]),
    userBriefs(ctx.db, [ctx.auth.userId]),
  ]);
  return sections.flatMap((section) => {
    const course = byId.get(section.courseId);
    if (!course) return [];
    return [
      {
        course: courseBrief(course, teachers),
        section: sectionView(section),
        teachingClasses: briefs.get(course.id) ?? [],
      },
    ];
  });
}

/** GET /tms-server/studentPage/getStudentCourseTable/{schoolId}/{startDate}/{endDate} */
export async function getStudentCourseTable({
  ctx,
  input,
}: AuthedCall<TableInput>): Promise<StudentCourseTableItem[]> {
  requireDateRange(input.startDate, input.endDate, { start: 'startDate', end: 'endDate' }, MAX_TABLE_DAYS);
  const schoolId = await resolveSchoolId(ctx, input.schoolId);
  const mine = await coursesOfStudent(ctx, schoolId);
  const byId = new Map(mine.map((entry) => [entry.course.id, entry]));
  const sections = await sectionsInRange(ctx.db, [...byId.keys()], input.startDate, input.endDate);
  const courseIds = [...new Set(sections.map((row) => row.courseId))];
  const [briefs, teachers] = await Promise.all([
    teachingClassBriefs(ctx.db, courseIds),
    userBriefs(
      ctx.db,
      courseIds.map((id) => byId.get(id)?.course.teacherUserId ?? 0),
    ),
  ]);
  return sections.flatMap((section) => {
    const entry = byId.get(section.courseId);
    if (!entry) return [];
    return [
      {
        course: courseBrief(entry.course, teachers),
        section: sectionView(section),
        teachingClass: ownTeachingClass(briefs, entry.course.id, entry.teachingClassIds),
      },
    ];
  });
}

/** Courses not yet over: those with a next lesson first (soonest first), then the rest in `fallback` order. */
function recentOrder<T extends { course: CourseRow }>(
  entries: T[],
  next: Map<number, { classDate: string | null; startTime: string | null }>,
  fallback: (a: T, b: T) => number,
): T[] {
  const key = (entry: T) => {
    const section = next.get(entry.course.id);
    return section ? `${section.classDate} ${section.startTime}` : null;
  };
  return [...entries].sort((a, b) => {
    const ka = key(a);
    const kb = key(b);
    if (ka !== null && kb !== null) return ka < kb ? -1 : ka > kb ? 1 : a.course.id - b.course.id;
    if (ka !== null) return -1;
    if (kb !== null) return 1;
    return fallback(a, b);
  });
}

/** GET /tms-server/teacherPage/get/recent/course/{showNumber} */
export async function getTeacherRecentCourse({
  ctx,
  input,
}: AuthedCall<{ showNumber: number; schoolId?: string | undefined }>): Promise<TeacherRecentCourse[]> {
  const schoolId = await schoolForRole(ctx, input.schoolId, 'teacher');
  const now = nowInChina(ctx);
  const own = await ctx.db
    .select()
    .from(courses)
    .where(
      and(
        eq(courses.schoolId, schoolId),
        eq(courses.teacherUserId, ctx.auth.userId),
        gte(courses.endDate, now.date),
      ),
    );
  const next = await nextSections(
    ctx.db,
    own.map((row) => row.id),
    now,
  );
  const chosen = recentOrder(
    own.map((course) => ({ course })),
    next,
    (a, b) => b.course.updatedAt - a.course.updatedAt || b.course.id - a.course.id,
  ).slice(0, input.showNumber);
  const ids = chosen.map((entry) => entry.course.id);
  const [briefs, studentNums, teachers] = await Promise.all([
    teachingClassBriefs(ctx.db, ids),
    courseStudentNums(ctx.db, ids),
    userBriefs(ctx.db, [ctx.auth.userId]),
  ]);
  return chosen.map(({ course }) => {
    const section = next.get(course.id);
    return {
      ...courseBrief(course, teachers),
      status: courseStatus(course.startDate, course.endDate, now.date),
      startDate: course.startDate,
      endDate: course.endDate,
      teachingClassNum: (briefs.get(course.id) ?? []).length,
      studentNum: studentNums.get(course.id) ?? 0,
      nextSection: section ? sectionView(section) : null,
    };
  });
}

/** GET /tms-server/studentPage/get/recent/course/{showNumber} */
export async function getStudentRecentCourse({
  ctx,
  input,
}: AuthedCall<{ showNumber: number; schoolId?: string | undefined }>): Promise<StudentRecentCourse[]> {
  const schoolId = await schoolForRole(ctx, input.schoolId, 'student');
  const now = nowInChina(ctx);
  const mine = (await coursesOfStudent(ctx, schoolId)).filter((entry) => entry.course.endDate >= now.date);
  const next = await nextSections(
    ctx.db,
    mine.map((entry) => entry.course.id),
    now,
  );
  const chosen = recentOrder(mine, next, (a, b) =>
    a.course.startDate === b.course.startDate
      ? b.course.id - a.course.id
      : a.course.startDate < b.course.startDate
        ? 1
        : -1,
  ).slice(0, input.showNumber);
  const ids = chosen.map((entry) => entry.course.id);
  const [briefs, teachers, unCommitted] = await Promise.all([
    teachingClassBriefs(ctx.db, ids),
    userBriefs(
      ctx.db,
      chosen.map((entry) => entry.course.teacherUserId),
    ),
    unCommittedByCourse(ctx.db, schoolId, ctx.auth.userId, ids, ctx.clock.now()),
  ]);
  return chosen.map(({ course, teachingClassIds }) => {
    const section = next.get(course.id);
    return {
      ...courseBrief(course, teachers),
      status: courseStatus(course.startDate, course.endDate, now.date),
      startDate: course.startDate,
      endDate: course.endDate,
      teachingClass: ownTeachingClass(briefs, course.id, teachingClassIds),
      nextSection: section ? sectionView(section) : null,
      unCommitWorkNum: unCommitted.get(course.id) ?? 0,
    };
  });
}

/** GET /tms-server/teacherPage/getTeachingCourse/{schoolId}: the caller's courses in progress today. */
export async function getTeachingCourse({
  ctx,
  input,
}: AuthedCall<{ schoolId: string }>): Promise<TeachingCourse[]> {
  const schoolId = await resolveSchoolId(ctx, input.schoolId);
  const today = todayOf(ctx);
  const rows = await ctx.db
    .select()
    .from(courses)
    .where(
      and(
        eq(courses.schoolId, schoolId),
        eq(courses.teacherUserId, ctx.auth.userId),
        lte(courses.startDate, today),
        gte(courses.endDate, today),
      ),
    )
    .orderBy(asc(courses.startDate), desc(courses.id))
    .limit(100);
  const ids = rows.map((row) => row.id);
  const [briefs, studentNums, teachers, workNums] = await Promise.all([
    teachingClassBriefs(ctx.db, ids),
    courseStudentNums(ctx.db, ids),
    userBriefs(ctx.db, [ctx.auth.userId]),
    workCountsByCourse(ctx.db, ids),
  ]);
  return rows.map((course) => ({
    ...courseBrief(course, teachers),
    startDate: course.startDate,
    endDate: course.endDate,
    teachingClasses: briefs.get(course.id) ?? [],
    studentNum: studentNums.get(course.id) ?? 0,
    workNum: workNums.get(course.id)?.publishedWorkNum ?? 0,
    uncorrectedNum: workNums.get(course.id)?.uncorrectedNum ?? 0,
  }));
}
