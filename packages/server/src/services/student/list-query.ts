// The one query behind every student list: the shape of a row, filters, sorting and paging, and the
// activity statistics (scope.ts says whose students a caller sees).
import type { PageRequest, SortOrder, StudentBrief, StudentFilter, StudentItem } from '@dfrm/sdk/tms/types';
import { and, asc, count, eq, gte, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sessions, users } from '../../db/schema/identity';
import { classes, colleges, grades, majors, students } from '../../db/schema/school';
import { studentActivityDays, studentOnline } from '../../db/schema/student';
import { courses, teachingClasses } from '../../db/schema/teaching';
import { InvalidInputError } from '../../lib/errors';
import { studentInTeachingClass } from '../course/membership';
import {
  assertFilterTargets,
  type StudentScope,
  scopeCondition,
  statusCode,
  statusCodeSql,
  statusOf,
} from './scope';
import { likePattern } from '../../lib/like';

// ---- the shape of a row ---------------------------------------------------

export const lastLoginAt = sql<
  number | null
>`(select max(${sessions.createdAt}) from ${sessions} where ${sessions.userId} = ${students.userId})`.mapWith(
  Number,
);

export const itemFields = {
  studentId: students.id,
  userId: students.userId,
  studentNumber: students.studentNumber,
  studentName: students.name,
  status: students.status,
  gender: students.gender,
  createdAt: students.createdAt,
  classId: classes.id,
  className: classes.name,
  collegeId: colleges.id,
  collegeName: colleges.name,
  majorId: majors.id,
  majorName: majors.name,
  gradeId: grades.id,
  gradeName: grades.name,
  userName: users.userName,
  phoneNumber: users.phoneNumber,
  email: users.email,
  lastLoginAt,
  lastActiveAt: studentOnline.lastActiveAt,
  onlineSince: studentOnline.onlineSince,
};

export type ItemRow = {
  studentId: number;
  userId: number | null;
  studentNumber: string;
  studentName: string;
  status: (typeof students.$inferSelect)['status'];
  gender: 0 | 1 | 2;
  createdAt: number;
  classId: number;
  className: string;
  collegeId: number;
  collegeName: string;
  majorId: number;
  majorName: string;
  gradeId: number;
  gradeName: string;
  userName: string | null;
  phoneNumber: string | null;
  email: string | null;
  lastLoginAt: number | null;
  lastActiveAt: number | null;
  onlineSince: number | null;
};

export function studentBrief(
  row: Pick<
    ItemRow,
    'studentId' | 'userId' | 'studentNumber' | 'studentName' | 'classId' | 'className' | 'status'
  >,
): StudentBrief {
  return {
    studentId: String(row.studentId),
    // the account can only be missing if it was deleted; "0" names no user
    userId: String(row.userId ?? 0),
    studentNumber: row.studentNumber,
    studentName: row.studentName,
    classId: String(row.classId),
    className: row.className,
    status: statusCode(row.status),
  };
}

export function studentItem(row: ItemRow): StudentItem {
  return {
    ...studentBrief(row),
    userName: row.userName ?? '',
    gender: row.gender,
    phoneNumber: row.phoneNumber ?? '',
    email: row.email ?? '',
    adminClass: {
      classId: String(row.classId),
      className: row.className,
      collegeId: String(row.collegeId),
      collegeName: row.collegeName,
      majorId: String(row.majorId),
      majorName: row.majorName,
      gradeId: String(row.gradeId),
      gradeName: row.gradeName,
    },
    createdAt: row.createdAt,
    lastLoginAt: row.lastLoginAt,
  };
}

// ---- one query for every list ---------------------------------------------

export interface ListPlan {
  schoolId: number;
  /** Scope condition for lists that are not about one course. */
  scope?: StudentScope;
  /** Lists of a course: one row per student and teaching class of the course. */
  course?: { courseId: number; teachingClassIds: number[] };
  filter: StudentFilter;
  /** The online window's start; `online` filters on it. */
  onlineSince: number;
  online?: boolean | undefined;
  /** Online lists: the text keyword matches number and name only. */
  keywordOnAccount: boolean;
  order: SQL[];
  page: PageRequest;
}

export function isOnline(since: number): SQL {
  return sql`coalesce(${studentOnline.lastActiveAt} >= ${since}, false)`;
}

export async function conditions(db: Db, plan: ListPlan): Promise<SQL> {
  const where: (SQL | undefined)[] = [];
  where.push(plan.scope ? scopeCondition(plan.schoolId, plan.scope) : eq(students.schoolId, plan.schoolId));
  const targets = await assertFilterTargets(db, plan.schoolId, plan.filter);
  if (targets.collegeId !== undefined) where.push(eq(classes.collegeId, targets.collegeId));
  if (targets.majorId !== undefined) where.push(eq(classes.majorId, targets.majorId));
  if (targets.gradeId !== undefined) where.push(eq(classes.gradeId, targets.gradeId));
  if (targets.classId !== undefined) where.push(eq(students.classId, targets.classId));
  if (plan.filter.status !== undefined) where.push(eq(students.status, statusOf(plan.filter.status)));
  const keyword = plan.filter.keyword?.trim();
  if (keyword) {
    const pattern = likePattern(keyword);
    where.push(
      or(
        ilike(students.studentNumber, pattern),
        ilike(students.name, pattern),
        ...(plan.keywordOnAccount ? [ilike(users.userName, pattern)] : []),
      ),
    );
  }
  if (plan.course && plan.course.teachingClassIds.length > 0) {
    where.push(sql`${teachingClasses.id} in ${plan.course.teachingClassIds}`);
  }
  if (plan.online === true) where.push(gte(studentOnline.lastActiveAt, plan.onlineSince));
  if (plan.online === false) where.push(sql`not ${isOnline(plan.onlineSince)}`);
  return and(...where) as SQL;
}

/** students with their class, its college, major and grade, the account and the online row; for a course, × its teaching classes. */
export function joined<T extends ReturnType<Db['select']>>(selection: T, courseId?: number) {
  const base = selection
    .from(students)
    .innerJoin(classes, eq(classes.id, students.classId))
    .innerJoin(colleges, eq(colleges.id, classes.collegeId))
    .innerJoin(majors, eq(majors.id, classes.majorId))
    .innerJoin(grades, eq(grades.id, classes.gradeId))
    .leftJoin(users, eq(users.id, students.userId))
    .leftJoin(
      studentOnline,
      and(eq(studentOnline.schoolId, students.schoolId), eq(studentOnline.userId, students.userId)),
    )
    .$dynamic();
  return courseId === undefined
    ? base
    : base.innerJoin(teachingClasses, and(eq(teachingClasses.courseId, courseId), studentInTeachingClass()));
}

/** One roster row with everything a list row shows. */
export async function studentItemRow(db: Db, studentId: number): Promise<ItemRow | undefined> {
  const [row] = await joined(db.select(itemFields)).where(eq(students.id, studentId)).limit(1);
  return row as unknown as ItemRow | undefined;
}

/** Runs a list: the page of rows with `fields` (plus the common ones) and the total. */
export async function runList<F extends Record<string, unknown>>(
  db: Db,
  plan: ListPlan,
  extra: F,
): Promise<{ rows: (ItemRow & { [K in keyof F]: unknown })[]; total: number }> {
  const where = await conditions(db, plan);
  const fields = {
    ...itemFields,
    ...(plan.course ? { teachingClassId: teachingClasses.id, teachingClassName: teachingClasses.name } : {}),
    ...extra,
  };
  const from = <T extends ReturnType<Db['select']>>(selection: T) => joined(selection, plan.course?.courseId);
  const [totalRow] = await from(db.select({ total: count() })).where(where);
  const rows = await from(db.select(fields as unknown as typeof itemFields))
    .where(where)
    .orderBy(...plan.order, asc(students.studentNumber), asc(students.id))
    .limit(plan.page.pageSize)
    .offset((plan.page.pageIndex - 1) * plan.page.pageSize);
  return {
    rows: rows as unknown as (ItemRow & { [K in keyof F]: unknown })[],
    total: Number((totalRow as { total?: number } | undefined)?.total ?? 0),
  };
}

export function direction(
  order: SortOrder | undefined,
  expression: SQL | SQL.Aliased | typeof students.name,
): SQL {
  return order === 'desc' ? sql`${expression} desc nulls last` : sql`${expression} asc nulls last`;
}

/** Ascending by default; the student number breaks ties (runList adds it). */
export function sortBy(
  sorts: Record<string, SQL | null>,
  field: string | undefined,
  order: SortOrder | undefined,
): SQL[] {
  const expression = sorts[field ?? 'studentNumber'];
  if (expression === undefined) throw new InvalidInputError('参数 sortField 取值不正确');
  // constant statistics (nothing to order by) fall through to the tie-breaker
  if (expression === null) return [];
  return [direction(order, expression)];
}

export const commonSorts: Record<string, SQL> = {
  studentNumber: sql`${students.studentNumber}`,
  studentName: sql`${students.name}`,
  className: sql`${classes.name}`,
  status: statusCodeSql,
  createdAt: sql`${students.createdAt}`,
  lastLoginAt: lastLoginAt.getSQL(),
};

// ---- statistics ------------------------------------------------------------
//
// Homework figures come from services/homework/stats.ts. The server has no quiz
// or training tables yet, so those counts are 0 and their averages null (a true
// answer, not a placeholder) until those features exist. Study time and
// activity come from the heartbeat (refresh with a courseId).

export function teacherCourseIds(schoolId: number, teacherUserId: number): SQL {
  return sql`(select ${courses.id} from ${courses} where ${courses.schoolId} = ${schoolId} and ${courses.teacherUserId} = ${teacherUserId})`;
}

export function activityIn(courseCondition: SQL, range?: { from: string; to: string }): SQL {
  const dayCondition = range
    ? sql` and ${studentActivityDays.day} >= ${range.from} and ${studentActivityDays.day} <= ${range.to}`
    : sql``;
  return sql`from ${studentActivityDays} where ${studentActivityDays.schoolId} = ${students.schoolId} and ${studentActivityDays.userId} = ${students.userId} and ${studentActivityDays.courseId} ${courseCondition}${dayCondition}`;
}

export function studyDuration(courseCondition: SQL, range?: { from: string; to: string }) {
  return sql<number>`(select coalesce(sum(${studentActivityDays.durationMs}), 0) ${activityIn(courseCondition, range)})`.mapWith(
    Number,
  );
}

export function lastActivity(courseCondition: SQL, range?: { from: string; to: string }) {
  return sql<
    number | null
  >`(select max(${studentActivityDays.lastActiveAt}) ${activityIn(courseCondition, range)})`.mapWith(Number);
}
