import { and, asc, count, countDistinct, eq, gte, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sessions, users } from '../../db/schema/identity';
import { classes, colleges, grades, majors, students } from '../../db/schema/school';
import { studentActivityDays, studentOnline } from '../../db/schema/student';
import { courses, teachingClasses } from '../../db/schema/teaching';
import { InvalidInputError } from '../../lib/errors';
import type { AuthedCall, AuthedContext } from '../context';
import { assertCourseOwner, studentInTeachingClass } from '../course/membership';
import { beijingDay, ONLINE_WINDOW_MS } from './online-clock';
import {
  assertFilterTargets,
  assertTeachingClassesOfCourse,
  type StudentScope,
  scopeCondition,
  statusCode,
  statusCodeSql,
  statusOf,
} from './scope';
import { likePattern } from '../../lib/like';
import { resolveSchoolId } from '../school/resolve-school';
import { idOrNotFound } from '../../lib/ids';

type SortOrder = 'asc' | 'desc';

export interface PageInput {
  pageIndex: number;
  pageSize: number;
}

export interface FilterInput {
  schoolId: string;
  keyword?: string | undefined;
  collegeId?: string | undefined;
  majorId?: string | undefined;
  gradeId?: string | undefined;
  classId?: string | undefined;
  status?: 0 | 1 | 2 | 3 | undefined;
}

export interface SortInput<F extends string> {
  sortField?: F | undefined;
  sortOrder?: SortOrder | undefined;
}

export interface CourseFilterInput extends FilterInput {
  courseId: string;
}

// ---- the shape of a row ---------------------------------------------------

const lastLoginAt = sql<
  number | null
>`(select max(${sessions.createdAt}) from ${sessions} where ${sessions.userId} = ${students.userId})`.mapWith(
  Number,
);

const itemFields = {
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

type ItemRow = {
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
) {
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

export function studentItem(row: ItemRow) {
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

interface ListPlan {
  schoolId: number;
  /** Scope condition for lists that are not about one course. */
  scope?: StudentScope;
  /** Lists of a course: one row per student and teaching class of the course. */
  course?: { courseId: number; teachingClassIds: number[] };
  filter: FilterInput;
  /** The online window's start; `online` filters on it. */
  onlineSince: number;
  online?: boolean | undefined;
  /** Online lists: the text keyword matches number and name only. */
  keywordOnAccount: boolean;
  order: SQL[];
  page: PageInput;
}

function isOnline(since: number): SQL {
  return sql`coalesce(${studentOnline.lastActiveAt} >= ${since}, false)`;
}

async function conditions(db: Db, plan: ListPlan): Promise<SQL> {
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
function joined<T extends ReturnType<Db['select']>>(selection: T, courseId?: number) {
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
async function runList<F extends Record<string, unknown>>(
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

function direction(order: SortOrder | undefined, expression: SQL | SQL.Aliased | typeof students.name): SQL {
  return order === 'desc' ? sql`${expression} desc nulls last` : sql`${expression} asc nulls last`;
}

/** Ascending by default; the student number breaks ties (runList adds it). */
function sortBy(
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

const commonSorts: Record<string, SQL> = {
  studentNumber: sql`${students.studentNumber}`,
  studentName: sql`${students.name}`,
  className: sql`${classes.name}`,
  status: statusCodeSql,
  createdAt: sql`${students.createdAt}`,
  lastLoginAt: lastLoginAt.getSQL(),
};

// ---- statistics ------------------------------------------------------------
//
// The server has no homework, quiz or training tables yet, so nothing can have
// been published or submitted: those counts are 0 and their averages null (a
// true answer, not a placeholder) until those features exist. Study time and
// activity come from the heartbeat (refresh with a courseId).

function teacherCourseIds(schoolId: number, teacherUserId: number): SQL {
  return sql`(select ${courses.id} from ${courses} where ${courses.schoolId} = ${schoolId} and ${courses.teacherUserId} = ${teacherUserId})`;
}

function activityIn(courseCondition: SQL, range?: { from: string; to: string }): SQL {
  const dayCondition = range
    ? sql` and ${studentActivityDays.day} >= ${range.from} and ${studentActivityDays.day} <= ${range.to}`
    : sql``;
  return sql`from ${studentActivityDays} where ${studentActivityDays.schoolId} = ${students.schoolId} and ${studentActivityDays.userId} = ${students.userId} and ${studentActivityDays.courseId} ${courseCondition}${dayCondition}`;
}

function studyDuration(courseCondition: SQL, range?: { from: string; to: string }) {
  return sql<number>`(select coalesce(sum(${studentActivityDays.durationMs}), 0) ${activityIn(courseCondition, range)})`.mapWith(
    Number,
  );
}

function lastActivity(courseCondition: SQL, range?: { from: string; to: string }) {
  return sql<
    number | null
  >`(select max(${studentActivityDays.lastActiveAt}) ${activityIn(courseCondition, range)})`.mapWith(Number);
}

// ---- the verbs -------------------------------------------------------------

type ListInput = PageInput &
  FilterInput &
  SortInput<'studentNumber' | 'studentName' | 'className' | 'status' | 'createdAt' | 'lastLoginAt'>;

async function scopedList(ctx: AuthedContext, input: ListInput, scope: (schoolId: number) => StudentScope) {
  const schoolId = await resolveSchoolId(ctx, input.schoolId);
  const { rows, total } = await runList(
    ctx.db,
    {
      schoolId,
      scope: scope(schoolId),
      filter: input,
      onlineSince: ctx.clock.now() - ONLINE_WINDOW_MS,
      keywordOnAccount: true,
      order: sortBy(commonSorts, input.sortField, input.sortOrder),
      page: input,
    },
    {},
  );
  return { list: rows.map(studentItem), total };
}

/** POST /tms-server/studentMgr/getStudentList: the teacher's students. */
export function getStudentList({ ctx, input }: AuthedCall<ListInput>) {
  return scopedList(ctx, input, () => ({ kind: 'teacher', teacherUserId: ctx.auth.userId }));
}

/** POST /tms-server/studentMgr/schoolMgrGetStudentList: the whole school. */
export function schoolMgrGetStudentList({ ctx, input }: AuthedCall<ListInput>) {
  return scopedList(ctx, input, () => ({ kind: 'school' }));
}

type StaticInput = PageInput &
  FilterInput &
  SortInput<
    | 'studentNumber'
    | 'studentName'
    | 'className'
    | 'courseNum'
    | 'submittedWorkNum'
    | 'avgWorkScore'
    | 'studyDuration'
    | 'lastActiveAt'
  >;

/** POST /tms-server/studentMgr/getStudentList/static: the teacher's students with statistics over their courses. */
export async function getStudentListStatic({ ctx, input }: AuthedCall<StaticInput>) {
  const schoolId = await resolveSchoolId(ctx, input.schoolId);
  const teacherUserId = ctx.auth.userId;
  const ownCourses = sql`in ${teacherCourseIds(schoolId, teacherUserId)}`;
  const courseNum =
    sql<number>`(select count(distinct ${teachingClasses.courseId}) from ${teachingClasses} inner join ${courses} on ${courses.id} = ${teachingClasses.courseId} where ${courses.schoolId} = ${schoolId} and ${courses.teacherUserId} = ${teacherUserId} and ${studentInTeachingClass()})`.mapWith(
      Number,
    );
  const duration = studyDuration(ownCourses);
  const active = lastActivity(ownCourses);
  const { rows, total } = await runList(
    ctx.db,
    {
      schoolId,
      scope: { kind: 'teacher', teacherUserId },
      filter: input,
      onlineSince: ctx.clock.now() - ONLINE_WINDOW_MS,
      keywordOnAccount: true,
      order: sortBy(
        {
          ...commonSorts,
          courseNum: courseNum.getSQL(),
          submittedWorkNum: null,
          avgWorkScore: null,
          studyDuration: duration.getSQL(),
          lastActiveAt: active.getSQL(),
        },
        input.sortField,
        input.sortOrder,
      ),
      page: input,
    },
    { courseNum, studyDuration: duration, activeAt: active },
  );
  return {
    list: rows.map((row) => ({
      ...studentItem(row),
      courseNum: row.courseNum as number,
      workNum: 0,
      submittedWorkNum: 0,
      avgWorkScore: null,
      studyDuration: row.studyDuration as number,
      lastActiveAt: row.activeAt as number | null,
    })),
    total,
  };
}

interface CourseListInput extends PageInput, CourseFilterInput {
  teachingClassId?: string | undefined;
  teachingClassIds?: string[] | undefined;
}

async function coursePlan(ctx: AuthedContext, input: CourseListInput) {
  const schoolId = await resolveSchoolId(ctx, input.schoolId);
  const course = await assertCourseOwner(ctx, schoolId, idOrNotFound(input.courseId, '课程不存在'));
  const named = [
    ...(input.teachingClassId !== undefined ? [input.teachingClassId] : []),
    ...(input.teachingClassIds ?? []),
  ];
  const teachingClassIds = await assertTeachingClassesOfCourse(ctx.db, course.id, named);
  return { schoolId, course, teachingClassIds };
}

function courseItem(row: ItemRow & { teachingClassId?: unknown; teachingClassName?: unknown }) {
  return {
    ...studentItem(row),
    teachingClassId: String(row.teachingClassId),
    teachingClassName: String(row.teachingClassName),
  };
}

const courseSorts: Record<string, SQL> = {
  ...commonSorts,
  teachingClass: sql`${teachingClasses.name}`,
};

/** POST /tms-server/studentMgr/getStudentList/by/course */
export async function getStudentListByCourse({
  ctx,
  input,
}: AuthedCall<
  CourseListInput & SortInput<'studentNumber' | 'studentName' | 'className' | 'status' | 'teachingClass'>
>) {
  const { schoolId, course, teachingClassIds } = await coursePlan(ctx, input);
  const { rows, total } = await runList(
    ctx.db,
    {
      schoolId,
      course: { courseId: course.id, teachingClassIds },
      filter: input,
      onlineSince: ctx.clock.now() - ONLINE_WINDOW_MS,
      keywordOnAccount: true,
      order: sortBy(courseSorts, input.sortField, input.sortOrder),
      page: input,
    },
    {},
  );
  return { list: rows.map(courseItem), total };
}

/** POST /tms-server/studentMgr/v2/getStudentList/by/course: several teaching classes, online flag. */
export async function getStudentListByCourseV2({
  ctx,
  input,
}: AuthedCall<
  CourseListInput & { online?: boolean | undefined } & SortInput<
      'studentNumber' | 'studentName' | 'className' | 'status' | 'teachingClass' | 'lastActiveAt'
    >
>) {
  const { schoolId, course, teachingClassIds } = await coursePlan(ctx, input);
  const since = ctx.clock.now() - ONLINE_WINDOW_MS;
  const { rows, total } = await runList(
    ctx.db,
    {
      schoolId,
      course: { courseId: course.id, teachingClassIds },
      filter: input,
      onlineSince: since,
      online: input.online,
      keywordOnAccount: true,
      order: sortBy(
        { ...courseSorts, lastActiveAt: sql`${studentOnline.lastActiveAt}` },
        input.sortField,
        input.sortOrder,
      ),
      page: input,
    },
    {},
  );
  return {
    list: rows.map((row) => ({
      ...courseItem(row),
      online: row.lastActiveAt !== null && row.lastActiveAt >= since,
      lastActiveAt: row.lastActiveAt,
    })),
    total,
  };
}

type CourseStaticSort =
  | 'studentNumber'
  | 'studentName'
  | 'teachingClass'
  | 'submittedWorkNum'
  | 'lateWorkNum'
  | 'avgWorkScore'
  | 'studyDuration'
  | 'lastActiveAt';

/** POST /tms-server/studentMgr/getStudentList/by/course/static */
export async function getStudentListByCourseStatic({
  ctx,
  input,
}: AuthedCall<CourseListInput & SortInput<CourseStaticSort>>) {
  const { schoolId, course, teachingClassIds } = await coursePlan(ctx, input);
  const thisCourse = sql`= ${course.id}`;
  const duration = studyDuration(thisCourse);
  const active = lastActivity(thisCourse);
  const { rows, total } = await runList(
    ctx.db,
    {
      schoolId,
      course: { courseId: course.id, teachingClassIds },
      filter: input,
      onlineSince: ctx.clock.now() - ONLINE_WINDOW_MS,
      keywordOnAccount: true,
      order: sortBy(
        {
          ...courseSorts,
          submittedWorkNum: null,
          lateWorkNum: null,
          avgWorkScore: null,
          studyDuration: duration.getSQL(),
          lastActiveAt: active.getSQL(),
        },
        input.sortField,
        input.sortOrder,
      ),
      page: input,
    },
    { studyDuration: duration, activeAt: active },
  );
  return {
    list: rows.map((row) => ({
      ...courseItem(row),
      ...emptyWorkStats,
      studyDuration: row.studyDuration as number,
      lastActiveAt: row.activeAt as number | null,
    })),
    total,
  };
}

const emptyWorkStats = { workNum: 0, submittedWorkNum: 0, lateWorkNum: 0, avgWorkScore: null };

const DAY_MS = 86_400_000;
const MAX_RANGE_DAYS = 366;

function dayNumber(day: string): number {
  return Date.parse(`${day}T00:00:00Z`) / DAY_MS;
}

function validDay(day: string, field: string): string {
  const parsed = Date.parse(`${day}T00:00:00Z`);
  if (Number.isNaN(parsed) || new Date(parsed).toISOString().slice(0, 10) !== day)
    throw new InvalidInputError(`参数 ${field} 不是有效日期`);
  return day;
}

/** The statistics range: the given days, else the course's first day up to today (Beijing), at most 366 days. */
export function statisticsRange(
  startDate: string | undefined,
  endDate: string | undefined,
  courseStart: string,
  now: number,
): { from: string; to: string } {
  const to = endDate !== undefined ? validDay(endDate, 'endDate') : beijingDay(now);
  let from = startDate !== undefined ? validDay(startDate, 'startDate') : courseStart;
  if (startDate === undefined) {
    // a defaulted start never makes the range invalid: clamp it
    if (dayNumber(from) > dayNumber(to)) from = to;
    if (dayNumber(to) - dayNumber(from) + 1 > MAX_RANGE_DAYS)
      from = new Date((dayNumber(to) - MAX_RANGE_DAYS + 1) * DAY_MS).toISOString().slice(0, 10);
  }
  if (dayNumber(to) < dayNumber(from)) throw new InvalidInputError('参数 endDate 不能早于 startDate');
  if (dayNumber(to) - dayNumber(from) + 1 > MAX_RANGE_DAYS)
    throw new InvalidInputError(`统计区间不能超过 ${MAX_RANGE_DAYS} 天`);
  return { from, to };
}

type CourseStaticV2Sort =
  | 'studentNumber'
  | 'studentName'
  | 'teachingClass'
  | 'submittedWorkNum'
  | 'submitRate'
  | 'avgWorkScore'
  | 'avgQuizScore'
  | 'trainingFinishedNum'
  | 'studyDuration'
  | 'lastActiveAt';

/** POST /tms-server/studentMgr/v2/getStudentList/by/course/static: statistics over a date range. */
export async function getStudentListByCourseStaticV2({
  ctx,
  input,
}: AuthedCall<
  CourseListInput & {
    startDate?: string | undefined;
    endDate?: string | undefined;
  } & SortInput<CourseStaticV2Sort>
>) {
  const { schoolId, course, teachingClassIds } = await coursePlan(ctx, input);
  const range = statisticsRange(input.startDate, input.endDate, course.startDate, ctx.clock.now());
  const thisCourse = sql`= ${course.id}`;
  const duration = studyDuration(thisCourse, range);
  const active = lastActivity(thisCourse, range);
  const { rows, total } = await runList(
    ctx.db,
    {
      schoolId,
      course: { courseId: course.id, teachingClassIds },
      filter: input,
      onlineSince: ctx.clock.now() - ONLINE_WINDOW_MS,
      keywordOnAccount: true,
      order: sortBy(
        {
          ...courseSorts,
          submittedWorkNum: null,
          submitRate: null,
          avgWorkScore: null,
          avgQuizScore: null,
          trainingFinishedNum: null,
          studyDuration: duration.getSQL(),
          lastActiveAt: active.getSQL(),
        },
        input.sortField,
        input.sortOrder,
      ),
      page: input,
    },
    { studyDuration: duration, activeAt: active },
  );
  return {
    list: rows.map((row) => ({
      ...courseItem(row),
      ...emptyWorkStats,
      studyDuration: row.studyDuration as number,
      lastActiveAt: row.activeAt as number | null,
      submitRate: 0,
      quizNum: 0,
      avgQuizScore: null,
      trainingFinishedNum: 0,
    })),
    total,
    startDate: range.from,
    endDate: range.to,
  };
}

// ---- online lists ----------------------------------------------------------

interface OnlineInput extends PageInput {
  schoolId: string;
  keyword?: string | undefined;
  classId?: string | undefined;
}

function onlineBrief(row: ItemRow) {
  return {
    ...studentBrief(row),
    onlineSince: row.onlineSince ?? 0,
    lastActiveAt: row.lastActiveAt ?? 0,
  };
}

const newestOnlineFirst = [sql`${studentOnline.onlineSince} desc nulls last`];

/** POST /tms-server/studentMgr/list/online: the teacher's students online now, newest first. */
export async function getOnlineStudentList({ ctx, input }: AuthedCall<OnlineInput>) {
  const schoolId = await resolveSchoolId(ctx, input.schoolId);
  const { rows, total } = await runList(
    ctx.db,
    {
      schoolId,
      scope: { kind: 'teacher', teacherUserId: ctx.auth.userId },
      filter: { schoolId: input.schoolId, keyword: input.keyword, classId: input.classId },
      onlineSince: ctx.clock.now() - ONLINE_WINDOW_MS,
      online: true,
      keywordOnAccount: false,
      order: newestOnlineFirst,
      page: input,
    },
    {},
  );
  return { list: rows.map(onlineBrief), total };
}

interface OnlineCourseInput extends PageInput {
  schoolId: string;
  courseId: string;
  teachingClassId?: string | undefined;
  keyword?: string | undefined;
}

/** POST /tms-server/studentMgr/list/online/by/course */
export async function getOnlineStudentListByCourse({ ctx, input }: AuthedCall<OnlineCourseInput>) {
  const { schoolId, course, teachingClassIds } = await coursePlan(ctx, input);
  const { rows, total } = await runList(
    ctx.db,
    {
      schoolId,
      course: { courseId: course.id, teachingClassIds },
      filter: { schoolId: input.schoolId, keyword: input.keyword },
      onlineSince: ctx.clock.now() - ONLINE_WINDOW_MS,
      online: true,
      keywordOnAccount: false,
      order: newestOnlineFirst,
      page: input,
    },
    {},
  );
  return {
    list: rows.map((row) => {
      const withClass = row as ItemRow & { teachingClassId: unknown; teachingClassName: unknown };
      return {
        ...onlineBrief(row),
        teachingClassId: String(withClass.teachingClassId),
        teachingClassName: String(withClass.teachingClassName),
      };
    }),
    total,
  };
}

/** POST /tms-server/studentMgr/v2/list/online/by/course: online first, today's online time, the online count. */
export async function getOnlineStudentListByCourseV2({
  ctx,
  input,
}: AuthedCall<OnlineCourseInput & { includeOffline?: boolean | undefined }>) {
  const { schoolId, course, teachingClassIds } = await coursePlan(ctx, input);
  const now = ctx.clock.now();
  const since = now - ONLINE_WINDOW_MS;
  const today = beijingDay(now);
  const todayDuration =
    sql<number>`(select coalesce(sum(${studentActivityDays.durationMs}), 0) from ${studentActivityDays} where ${studentActivityDays.schoolId} = ${students.schoolId} and ${studentActivityDays.userId} = ${students.userId} and ${studentActivityDays.courseId} = 0 and ${studentActivityDays.day} = ${today})`.mapWith(
      Number,
    );
  const { rows, total } = await runList(
    ctx.db,
    {
      schoolId,
      course: { courseId: course.id, teachingClassIds },
      filter: { schoolId: input.schoolId, keyword: input.keyword },
      onlineSince: since,
      online: input.includeOffline ? undefined : true,
      keywordOnAccount: false,
      order: [sql`${isOnline(since)} desc`, ...newestOnlineFirst],
      page: input,
    },
    { todayOnlineDuration: todayDuration },
  );
  const [online] = await ctx.db
    .select({ n: countDistinct(students.id) })
    .from(students)
    .innerJoin(teachingClasses, and(eq(teachingClasses.courseId, course.id), studentInTeachingClass()))
    .innerJoin(
      studentOnline,
      and(eq(studentOnline.schoolId, students.schoolId), eq(studentOnline.userId, students.userId)),
    )
    .where(
      and(
        eq(students.schoolId, schoolId),
        gte(studentOnline.lastActiveAt, since),
        teachingClassIds.length > 0 ? sql`${teachingClasses.id} in ${teachingClassIds}` : undefined,
      ),
    );
  return {
    list: rows.map((row) => {
      const withClass = row as unknown as { teachingClassId: unknown; teachingClassName: unknown };
      const isOn = row.lastActiveAt !== null && row.lastActiveAt >= since;
      return {
        ...studentBrief(row),
        teachingClassId: String(withClass.teachingClassId),
        teachingClassName: String(withClass.teachingClassName),
        online: isOn,
        onlineSince: isOn ? row.onlineSince : null,
        lastActiveAt: row.lastActiveAt,
        todayOnlineDuration: row.todayOnlineDuration as number,
      };
    }),
    total,
    onlineNum: online?.n ?? 0,
  };
}
