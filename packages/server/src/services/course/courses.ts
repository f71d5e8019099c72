import type { CourseDeleted, CourseItem, CoursePage, CourseSummary, CourseV2Page } from '@dfrm/sdk/tms/types';
import type { Input } from '../../contract/types';
import { and, asc, count, desc, eq, gt, gte, ilike, inArray, lt, lte, ne, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { lockRowsForUpdate, transactionWithRetry } from '../../db/retry';
import { courseware, coursewareFiles } from '../../db/schema/courseware';
import { notices } from '../../db/schema/notice';
import { classes, students } from '../../db/schema/school';
import {
  type CourseRow,
  courseSections,
  courses,
  teachingClasses,
  teachingClassStudents,
} from '../../db/schema/teaching';
import { ConflictError, InvalidInputError, NotFoundError } from '../../lib/errors';
import type { AuthedCall, AuthedContext } from '../context';
import { chinaDate, requireDate, requireDateRange } from '../../lib/china-time';
import { type CourseStatus, courseStatus } from './status';
import { assertCourseTeacher, isSchoolManager } from './membership';
import {
  courseBrief,
  courseStudentNums,
  courseStudentNumSql,
  sectionNums,
  teachingClassBriefs,
  userBriefs,
} from './views';
import { likePattern } from '../../lib/like';
import { isUniqueViolation } from '../../lib/db-errors';
import { resolveSchoolId } from '../school/resolve-school';
import { parseId } from '../../lib/ids';
import { workCountsByCourse } from '../homework/stats';

type CourseListQuery = Input<'getCourseList'>;
type CourseListV2Query = Input<'getCourseListV2'>;
type CourseSave = Input<'updateCourse'>;
type CourseSaveV2 = Input<'updateCourseV2'>;
type CourseSummaryQuery = Input<'getCourseSummaryList'>;

export const CLASS_NOT_FOUND_MESSAGE = '行政班不存在';

export function todayOf(ctx: { clock: { now(): number } }): string {
  return chinaDate(ctx.clock.now());
}

/** Conditions on `courses` for a status computed from the dates and today. */
export function statusCondition(status: CourseStatus, today: string): SQL | undefined {
  if (status === 0) return gt(courses.startDate, today);
  if (status === 2) return lt(courses.endDate, today);
  return and(lte(courses.startDate, today), gte(courses.endDate, today));
}

/** CourseItem rows for stored courses, in the given order. */
export async function courseItems(ctx: { db: Db; clock: { now(): number } }, rows: CourseRow[]) {
  const ids = rows.map((row) => row.id);
  const [classesByCourse, studentNums, sections, teachers] = await Promise.all([
    teachingClassBriefs(ctx.db, ids),
    courseStudentNums(ctx.db, ids),
    sectionNums(ctx.db, ids),
    userBriefs(
      ctx.db,
      rows.map((row) => row.teacherUserId),
    ),
  ]);
  const today = todayOf(ctx);
  return rows.map((row): CourseItem => ({
    ...courseBrief(row, teachers),
    description: row.description,
    startDate: row.startDate,
    endDate: row.endDate,
    status: courseStatus(row.startDate, row.endDate, today),
    teachingClasses: classesByCourse.get(row.id) ?? [],
    studentNum: studentNums.get(row.id) ?? 0,
    sectionNum: sections.get(row.id) ?? 0,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  }));
}

/** Whose courses a list shows: a school manager reads the whole school, a teacher their own. */
async function listScope(ctx: AuthedContext, schoolId: number): Promise<SQL | undefined> {
  const manager = await isSchoolManager(ctx.db, schoolId, ctx.auth.userId);
  return and(
    eq(courses.schoolId, schoolId),
    manager ? undefined : eq(courses.teacherUserId, ctx.auth.userId),
  );
}

function keywordCondition(keyword: string | undefined): SQL | undefined {
  const trimmed = keyword?.trim();
  return trimmed ? ilike(courses.name, likePattern(trimmed)) : undefined;
}

/** POST /tms-server/courseMgr/getCourseList */
export async function getCourseList({ ctx, input }: AuthedCall<CourseListQuery>): Promise<CoursePage> {
  const schoolId = await resolveSchoolId(ctx, input.schoolId ?? '0');
  const where = and(await listScope(ctx, schoolId), keywordCondition(input.keyword));
  const [total] = await ctx.db.select({ n: count() }).from(courses).where(where);
  const rows = await ctx.db
    .select()
    .from(courses)
    .where(where)
    .orderBy(desc(courses.createdAt), desc(courses.id))
    .limit(input.pageSize)
    .offset((input.pageIndex - 1) * input.pageSize);
  return { list: await courseItems(ctx, rows), total: total?.n ?? 0 };
}

/** POST /tms-server/courseMgr/v2/getCourseList */
export async function getCourseListV2({ ctx, input }: AuthedCall<CourseListV2Query>): Promise<CourseV2Page> {
  const schoolId = await resolveSchoolId(ctx, input.schoolId ?? '0');
  if (input.startDateFrom) requireDate(input.startDateFrom, 'startDateFrom');
  if (input.startDateTo) requireDate(input.startDateTo, 'startDateTo');
  if (input.startDateFrom && input.startDateTo && input.startDateTo < input.startDateFrom) {
    throw new InvalidInputError('参数 startDateTo 不能早于 startDateFrom');
  }
  const today = todayOf(ctx);
  const where = and(
    await listScope(ctx, schoolId),
    keywordCondition(input.keyword),
    input.status === undefined ? undefined : statusCondition(input.status, today),
    input.startDateFrom ? gte(courses.startDate, input.startDateFrom) : undefined,
    input.startDateTo ? lte(courses.startDate, input.startDateTo) : undefined,
  );
  const direction = input.sortOrder === 'asc' ? asc : desc;
  const sortColumn = {
    createdAt: courses.createdAt,
    startDate: courses.startDate,
    courseName: courses.name,
    studentNum: courseStudentNumSql(),
  }[input.sortField ?? 'createdAt'];
  const [total] = await ctx.db.select({ n: count() }).from(courses).where(where);
  const rows = await ctx.db
    .select()
    .from(courses)
    .where(where)
    .orderBy(direction(sortColumn), direction(courses.id))
    .limit(input.pageSize)
    .offset((input.pageIndex - 1) * input.pageSize);
  const items = await courseItems(ctx, rows);
  const ids = rows.map((row) => row.id);
  const [wareNums, noticeNums, workNums] = await Promise.all([
    countByCourse(ctx.db, 'courseware', ids),
    countByCourse(ctx.db, 'notices', ids),
    workCountsByCourse(ctx.db, ids),
  ]);
  return {
    list: items.map((item, index) => {
      const id = rows[index]?.id ?? 0;
      return {
        ...item,
        workNum: workNums.get(id)?.workNum ?? 0,
        courseWareNum: wareNums.get(id) ?? 0,
        announceNum: noticeNums.get(id) ?? 0,
      };
    }),
    total: total?.n ?? 0,
  };
}

/** Courseware or notices (drafts included) per course. */
export async function countByCourse(
  db: Db,
  table: 'courseware' | 'notices',
  courseIds: number[],
  onlyPublished = false,
): Promise<Map<number, number>> {
  const map = new Map<number, number>();
  if (courseIds.length === 0) return map;
  const rows =
    table === 'courseware'
      ? await db
          .select({ courseId: courseware.courseId, n: count() })
          .from(courseware)
          .where(inArray(courseware.courseId, courseIds))
          .groupBy(courseware.courseId)
      : await db
          .select({ courseId: notices.courseId, n: count() })
          .from(notices)
          .where(and(inArray(notices.courseId, courseIds), onlyPublished ? eq(notices.status, 1) : undefined))
          .groupBy(notices.courseId);
  for (const row of rows) map.set(row.courseId, row.n);
  return map;
}

/** POST /tms-server/courseMgr/getCourseSummaryList: the caller's own courses with their teaching classes. */
export async function getCourseSummaryList({
  ctx,
  input,
}: AuthedCall<CourseSummaryQuery>): Promise<CourseSummary[]> {
  const schoolId = await resolveSchoolId(ctx, input.schoolId ?? '0');
  const today = todayOf(ctx);
  const rows = await ctx.db
    .select()
    .from(courses)
    .where(
      and(
        eq(courses.schoolId, schoolId),
        eq(courses.teacherUserId, ctx.auth.userId),
        input.status === undefined ? undefined : statusCondition(input.status, today),
      ),
    )
    .orderBy(desc(courses.createdAt), desc(courses.id))
    .limit(500);
  const classesByCourse = await teachingClassBriefs(
    ctx.db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({
    courseId: String(row.id),
    courseName: row.name,
    status: courseStatus(row.startDate, row.endDate, today),
    teachingClasses: classesByCourse.get(row.id) ?? [],
  }));
}

// ---- saving -----------------------------------------------------------------

interface TeachingClassSpec {
  /** An existing teaching class of the course to keep (v2), else null. */
  teachingClassId: number | null;
  classId: number;
  name: string;
  /** Picked students (v2), or null for the whole administrative class. */
  studentIds: number[] | null;
}

interface CourseFields {
  schoolId: number;
  courseId: number | null;
  name: string;
  description: string | undefined;
  coverUrl: string | undefined;
  startDate: string;
  endDate: string;
}

function courseFields(schoolId: number, input: Omit<CourseSave, 'classIds'>): CourseFields {
  const name = input.courseName.trim();
  if (!name) throw new InvalidInputError('参数 courseName 不能为空');
  requireDateRange(input.startDate, input.endDate, { start: 'startDate', end: 'endDate' });
  let courseId: number | null = null;
  if (input.courseId !== undefined) {
    courseId = parseId(input.courseId);
    if (courseId === null) throw new NotFoundError('课程不存在');
  }
  return {
    schoolId,
    courseId,
    name,
    description: input.description,
    coverUrl: input.coverUrl?.trim(),
    startDate: input.startDate,
    endDate: input.endDate,
  };
}

/** The administrative classes of the school named by ids: 6 naming the first that is not one. */
async function loadClasses(
  db: Db,
  schoolId: number,
  ids: string[],
): Promise<Map<string, { id: number; name: string }>> {
  const parsed = ids.map((id) => ({ raw: id, id: parseId(id) }));
  const numeric = parsed.flatMap((entry) => (entry.id === null ? [] : [entry.id]));
  const rows =
    numeric.length === 0
      ? []
      : await db
          .select({ id: classes.id, name: classes.name })
          .from(classes)
          .where(and(eq(classes.schoolId, schoolId), inArray(classes.id, numeric)));
  const byId = new Map(rows.map((row) => [row.id, row]));
  const map = new Map<string, { id: number; name: string }>();
  for (const entry of parsed) {
    const row = entry.id === null ? undefined : byId.get(entry.id);
    if (!row) throw new NotFoundError(`${CLASS_NOT_FOUND_MESSAGE}：${entry.raw}`);
    map.set(entry.raw, row);
  }
  return map;
}

async function saveCourse(
  ctx: AuthedContext,
  fields: CourseFields,
  specs: TeachingClassSpec[],
  matchBy: 'classId' | 'teachingClassId',
): Promise<CourseItem> {
  if (fields.courseId !== null) await assertCourseTeacher(ctx, fields.schoolId, fields.courseId);
  const [same] = await ctx.db
    .select({ id: courses.id })
    .from(courses)
    .where(
      and(
        eq(courses.schoolId, fields.schoolId),
        eq(courses.teacherUserId, ctx.auth.userId),
        eq(courses.name, fields.name),
        fields.courseId === null ? undefined : ne(courses.id, fields.courseId),
      ),
    )
    .limit(1);
  const duplicate = new ConflictError(`您在该学校已有同名课程：${fields.name}`);
  if (same) throw duplicate;
  const now = ctx.clock.now();
  let courseId: number;
  try {
    courseId = await transactionWithRetry(ctx.db, async (tx) => {
      let id: number;
      if (fields.courseId === null) {
        const [created] = await tx
          .insert(courses)
          .values({
            schoolId: fields.schoolId,
            teacherUserId: ctx.auth.userId,
            name: fields.name,
            description: fields.description ?? '',
            coverUrl: fields.coverUrl ?? '',
            startDate: fields.startDate,
            endDate: fields.endDate,
            createdAt: now,
            updatedAt: now,
          })
          .returning({ id: courses.id });
        if (!created) throw new Error('course insert returned nothing');
        id = created.id;
      } else {
        id = fields.courseId;
        // saves of one course (its teaching classes replaced) queue up on its row
        await lockRowsForUpdate(tx, courses.id, [id]);
        await tx
          .update(courses)
          .set({
            name: fields.name,
            startDate: fields.startDate,
            endDate: fields.endDate,
            updatedAt: now,
            ...(fields.description === undefined ? {} : { description: fields.description }),
            ...(fields.coverUrl === undefined ? {} : { coverUrl: fields.coverUrl }),
          })
          .where(eq(courses.id, id));
      }
      await syncTeachingClasses(tx, fields.schoolId, id, specs, matchBy, now);
      return id;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicate;
    throw error;
  }
  const [row] = await ctx.db.select().from(courses).where(eq(courses.id, courseId));
  if (!row) throw new Error('saved course vanished');
  const [item] = await courseItems(ctx, [row]);
  if (!item) throw new Error('saved course has no item');
  return item;
}

async function syncTeachingClasses(
  tx: Db,
  schoolId: number,
  courseId: number,
  specs: TeachingClassSpec[],
  matchBy: 'classId' | 'teachingClassId',
  now: number,
): Promise<void> {
  const existing = await tx
    .select({ id: teachingClasses.id, classId: teachingClasses.classId })
    .from(teachingClasses)
    .where(eq(teachingClasses.courseId, courseId));
  const kept = new Set<number>();
  for (const spec of specs) {
    const match =
      matchBy === 'classId'
        ? existing.find((row) => row.classId === spec.classId)
        : existing.find((row) => row.id === spec.teachingClassId);
    let id: number;
    if (match) {
      id = match.id;
      await tx
        .update(teachingClasses)
        .set({
          classId: spec.classId,
          wholeClass: spec.studentIds === null,
          // v1 keeps a name the teacher gave; v2 states it
          ...(matchBy === 'teachingClassId' ? { name: spec.name } : {}),
        })
        .where(eq(teachingClasses.id, id));
      await tx.delete(teachingClassStudents).where(eq(teachingClassStudents.teachingClassId, id));
    } else {
      const [created] = await tx
        .insert(teachingClasses)
        .values({
          schoolId,
          courseId,
          classId: spec.classId,
          name: spec.name,
          wholeClass: spec.studentIds === null,
          createdAt: now,
        })
        .returning({ id: teachingClasses.id });
      if (!created) throw new Error('teaching class insert returned nothing');
      id = created.id;
    }
    kept.add(id);
    if (spec.studentIds !== null && spec.studentIds.length > 0) {
      await tx
        .insert(teachingClassStudents)
        .values(spec.studentIds.map((studentId) => ({ teachingClassId: id, studentId })));
    }
  }
  const removed = existing.filter((row) => !kept.has(row.id)).map((row) => row.id);
  if (removed.length > 0) await tx.delete(teachingClasses).where(inArray(teachingClasses.id, removed));
}

/** POST /tms-server/courseMgr/updateCourse: each administrative class becomes a whole-class teaching class. */
export async function updateCourse({ ctx, input }: AuthedCall<CourseSave>): Promise<CourseItem> {
  const schoolId = await resolveSchoolId(ctx, input.schoolId ?? '0');
  const fields = courseFields(schoolId, input);
  if (fields.courseId !== null) await assertCourseTeacher(ctx, schoolId, fields.courseId);
  if (new Set(input.classIds).size !== input.classIds.length) {
    throw new InvalidInputError('参数 classIds 不能有重复的行政班');
  }
  const classMap = await loadClasses(ctx.db, schoolId, input.classIds);
  const specs = input.classIds.map((raw): TeachingClassSpec => {
    const row = classMap.get(raw);
    if (!row) throw new NotFoundError(`${CLASS_NOT_FOUND_MESSAGE}：${raw}`);
    return { teachingClassId: null, classId: row.id, name: row.name, studentIds: null };
  });
  return saveCourse(ctx, fields, specs, 'classId');
}

/** POST /tms-server/courseMgr/v2/updateCourse: teaching classes described one by one, optionally with picked students. */
export async function updateCourseV2({ ctx, input }: AuthedCall<CourseSaveV2>): Promise<CourseItem> {
  const schoolId = await resolveSchoolId(ctx, input.schoolId ?? '0');
  const fields = courseFields(schoolId, input);
  const existingIds = new Set<number>();
  if (fields.courseId !== null) {
    // ownership first: someone else's course answers 5 before anything of it is looked at
    await assertCourseTeacher(ctx, schoolId, fields.courseId);
    const rows = await ctx.db
      .select({ id: teachingClasses.id })
      .from(teachingClasses)
      .where(eq(teachingClasses.courseId, fields.courseId));
    for (const row of rows) existingIds.add(row.id);
  }
  const classMap = await loadClasses(
    ctx.db,
    schoolId,
    input.teachingClasses.map((entry) => entry.classId),
  );
  const seen = new Set<number>();
  const specs: TeachingClassSpec[] = [];
  for (const [index, entry] of input.teachingClasses.entries()) {
    const field = `teachingClasses[${index}]`;
    const adminClass = classMap.get(entry.classId);
    if (!adminClass) throw new NotFoundError(`${CLASS_NOT_FOUND_MESSAGE}：${entry.classId}`);
    let teachingClassId: number | null = null;
    if (entry.teachingClassId !== undefined) {
      teachingClassId = parseId(entry.teachingClassId);
      if (teachingClassId === null || !existingIds.has(teachingClassId)) {
        throw new NotFoundError(`教学班不存在：${entry.teachingClassId}`);
      }
      if (seen.has(teachingClassId)) throw new InvalidInputError(`参数 ${field}.teachingClassId 重复`);
      seen.add(teachingClassId);
    }
    let studentIds: number[] | null = null;
    if (entry.studentIds !== undefined) {
      if (new Set(entry.studentIds).size !== entry.studentIds.length) {
        throw new InvalidInputError(`参数 ${field}.studentIds 不能有重复的学生`);
      }
      const ids = entry.studentIds.map((id) => parseId(id));
      const numeric = ids.filter((id): id is number => id !== null);
      const found =
        numeric.length === ids.length
          ? await ctx.db
              .select({ n: count() })
              .from(students)
              .where(
                and(
                  eq(students.schoolId, schoolId),
                  eq(students.classId, adminClass.id),
                  inArray(students.id, numeric),
                ),
              )
          : [{ n: -1 }];
      if ((found[0]?.n ?? 0) !== ids.length) {
        throw new InvalidInputError(`参数 ${field}.studentIds 中有不属于该行政班的学生`);
      }
      studentIds = numeric;
    }
    const name = entry.teachingClassName?.trim() || adminClass.name;
    specs.push({ teachingClassId, classId: adminClass.id, name, studentIds });
  }
  return saveCourse(ctx, fields, specs, 'teachingClassId');
}

// ---- deleting ---------------------------------------------------------------

/** GET /tms-server/courseMgr/delCourse/{schoolId}/{courseId}: the course and everything hanging on it. */
export async function delCourse({
  ctx,
  input,
}: AuthedCall<{ schoolId: string; courseId: string }>): Promise<CourseDeleted> {
  const schoolId = await resolveSchoolId(ctx, input.schoolId);
  const courseId = parseId(input.courseId);
  if (courseId === null) throw new NotFoundError('课程不存在');
  await assertCourseTeacher(ctx, schoolId, courseId);
  const removed = await ctx.db.transaction(async (tx) => {
    const one = async (query: Promise<{ n: number }[]>) => (await query)[0]?.n ?? 0;
    const teachingClassNum = await one(
      tx.select({ n: count() }).from(teachingClasses).where(eq(teachingClasses.courseId, courseId)),
    );
    const sectionNum = await one(
      tx.select({ n: count() }).from(courseSections).where(eq(courseSections.courseId, courseId)),
    );
    const announceNum = await one(
      tx.select({ n: count() }).from(notices).where(eq(notices.courseId, courseId)),
    );
    const courseWareNum = await one(
      tx.select({ n: count() }).from(courseware).where(eq(courseware.courseId, courseId)),
    );
    const files = await tx
      .select({ key: coursewareFiles.storageKey })
      .from(coursewareFiles)
      .innerJoin(courseware, eq(courseware.id, coursewareFiles.coursewareId))
      .where(eq(courseware.courseId, courseId));
    // teaching classes, their picked students, sections, notices and courseware go by cascade
    await tx.delete(courses).where(eq(courses.id, courseId));
    return { teachingClassNum, sectionNum, announceNum, courseWareNum, keys: files.map((file) => file.key) };
  });
  // the rows are gone, so a file that fails to go is only wasted space, never reachable
  if (ctx.storage) {
    const storage = ctx.storage;
    await Promise.allSettled(removed.keys.map((key) => storage.delete(key)));
  }
  return {
    id: String(courseId),
    teachingClassNum: removed.teachingClassNum,
    sectionNum: removed.sectionNum,
    announceNum: removed.announceNum,
    courseWareNum: removed.courseWareNum,
  };
}
