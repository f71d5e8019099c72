import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { lockRowsForUpdate, transactionWithRetry } from '../../db/retry';
import { courseSections, courses, teachingClasses } from '../../db/schema/teaching';
import { ConflictError, ForbiddenError, InvalidInputError, NotFoundError } from '../../lib/errors';
import type { AuthedCall, AuthedContext } from '../context';
import type { CourseSection, CourseSectionClearResult } from '@dfrm/sdk/tms/types';
import type { Input } from '../../contract/types';
import { isRealDate } from '../../lib/china-time';
import {
  assertCourseOwner,
  assertCourseTeacher,
  COURSE_NOT_FOUND_MESSAGE,
  teachingClassIdsOfStudentUser,
} from './membership';
import { sectionView } from './views';
import { isUniqueViolation } from '../../lib/db-errors';
import { resolveSchoolId } from '../school/resolve-school';
import { parseId } from '../../lib/ids';

type CourseSectionSet = Input<'setCourseSection'>;

export const MAX_SECTIONS = 200;
export const SECTION_NOT_FOUND_MESSAGE = '章节不存在';
export const NOT_IN_COURSE_MESSAGE = '您不在该课程的教学班中';
const CONCURRENT_CHANGE_MESSAGE = '课程章节正在被同时修改，请稍后重试';

/** A section's fields as stored, checked. */
export interface SectionFields {
  name: string;
  sortNo: number;
  description: string;
  classDate: string | null;
  startTime: string | null;
  endTime: string | null;
  location: string;
}

export const CLOCK_TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/**
 * The rule every section obeys, whether saved from the form or imported:
 * date and times all given or none, the date real, the end after the start.
 * Answers the complaints as (field, reason) pairs; none when it holds.
 */
export function scheduleProblems(
  classDate: string | null,
  startTime: string | null,
  endTime: string | null,
  names: { date: string; start: string; end: string },
  /** ' ' between an English field name and the Chinese text; '' after a Chinese column name. */
  sep = '',
): { field: string | null; reason: string }[] {
  const problems: { field: string | null; reason: string }[] = [];
  const given = [classDate, startTime, endTime].filter((value) => value !== null).length;
  if (classDate !== null) {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(classDate)) {
      problems.push({ field: names.date, reason: `${names.date}${sep}格式应为 YYYY-MM-DD` });
    } else if (!isRealDate(classDate)) {
      problems.push({ field: names.date, reason: `${names.date}${sep}不是有效的日期` });
    }
  }
  if (startTime !== null && !CLOCK_TIME.test(startTime)) {
    problems.push({ field: names.start, reason: `${names.start}${sep}格式应为 HH:mm（24 小时制）` });
  }
  if (endTime !== null && !CLOCK_TIME.test(endTime)) {
    problems.push({ field: names.end, reason: `${names.end}${sep}格式应为 HH:mm（24 小时制）` });
  }
  if (given > 0 && given < 3) {
    problems.push({
      field: null,
      reason: `${names.date}、${names.start}${sep}和${sep}${names.end}${sep}要么都填，要么都不填`,
    });
  }
  if (
    startTime !== null &&
    endTime !== null &&
    CLOCK_TIME.test(startTime) &&
    CLOCK_TIME.test(endTime) &&
    endTime <= startTime
  ) {
    problems.push({ field: names.end, reason: `${names.end}${sep}必须晚于${sep}${names.start}` });
  }
  return problems;
}

async function sectionsOf(db: Db, courseId: number): Promise<CourseSection[]> {
  const rows = await db
    .select()
    .from(courseSections)
    .where(eq(courseSections.courseId, courseId))
    .orderBy(asc(courseSections.sortNo), asc(courseSections.id));
  return rows.map(sectionView);
}

async function courseOfRequest(ctx: AuthedContext, rawSchoolId: string, rawCourseId: string) {
  const schoolId = await resolveSchoolId(ctx, rawSchoolId);
  const courseId = parseId(rawCourseId);
  if (courseId === null) throw new NotFoundError(COURSE_NOT_FOUND_MESSAGE);
  return { schoolId, courseId };
}

/**
 * Writes sections of a course in one transaction: `updates` change existing
 * rows (by id), `inserts` add rows. Sort numbers of the updated rows are first
 * parked on negative values so that two sections may swap numbers.
 */
export async function writeSections(
  db: Db,
  courseId: number,
  now: number,
  updates: { id: number; fields: SectionFields }[],
  inserts: SectionFields[],
  options: { replaceAll?: boolean } = {},
): Promise<void> {
  try {
    await transactionWithRetry(db, async (tx) => {
      // writes to one course's sections queue up on the course row
      await lockRowsForUpdate(tx, courses.id, [courseId]);
      if (options.replaceAll) await tx.delete(courseSections).where(eq(courseSections.courseId, courseId));
      for (const { id } of updates) {
        await tx.update(courseSections).set({ sortNo: -id }).where(eq(courseSections.id, id));
      }
      for (const { id, fields } of updates) {
        await tx
          .update(courseSections)
          .set({ ...fields, updatedAt: now })
          .where(and(eq(courseSections.id, id), eq(courseSections.courseId, courseId)));
      }
      if (inserts.length > 0) {
        await tx
          .insert(courseSections)
          .values(inserts.map((fields) => ({ ...fields, courseId, createdAt: now, updatedAt: now })));
      }
      const [total] = await tx
        .select({ n: count() })
        .from(courseSections)
        .where(eq(courseSections.courseId, courseId));
      if ((total?.n ?? 0) > MAX_SECTIONS) {
        throw new InvalidInputError(`课程章节总数不能超过 ${MAX_SECTIONS} 个`);
      }
      await tx.update(courses).set({ updatedAt: now }).where(eq(courses.id, courseId));
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new ConflictError(CONCURRENT_CHANGE_MESSAGE);
    throw error;
  }
}

/** POST /tms-server/courseMgr/setCourseSection */
export async function setCourseSection({
  ctx,
  input,
}: AuthedCall<CourseSectionSet>): Promise<CourseSection[]> {
  const { schoolId, courseId } = await courseOfRequest(ctx, input.schoolId ?? '0', input.courseId);
  await assertCourseTeacher(ctx, schoolId, courseId);
  const sortNos = new Map<number, number>();
  const sectionIds = new Map<number, number>();
  const entries = input.sections.map((section, index) => {
    const prefix = `sections[${index}]`;
    const name = section.sectionName.trim();
    if (!name) throw new InvalidInputError(`参数 ${prefix}.sectionName 不能为空`);
    const earlier = sortNos.get(section.sortNo);
    if (earlier !== undefined) {
      throw new InvalidInputError(`参数 ${prefix}.sortNo 与 sections[${earlier}] 的序号重复`);
    }
    sortNos.set(section.sortNo, index);
    const [problem] = scheduleProblems(
      section.classDate ?? null,
      section.startTime ?? null,
      section.endTime ?? null,
      { date: `${prefix}.classDate`, start: `${prefix}.startTime`, end: `${prefix}.endTime` },
      ' ',
    );
    if (problem) throw new InvalidInputError(`参数 ${problem.reason}`);
    let id: number | null = null;
    if (section.sectionId !== undefined) {
      id = parseId(section.sectionId);
      if (id === null) throw new NotFoundError(`${SECTION_NOT_FOUND_MESSAGE}：${section.sectionId}`);
      if (sectionIds.has(id)) throw new InvalidInputError(`参数 ${prefix}.sectionId 重复`);
      sectionIds.set(id, index);
    }
    const fields: SectionFields = {
      name,
      sortNo: section.sortNo,
      description: section.description ?? '',
      classDate: section.classDate ?? null,
      startTime: section.startTime ?? null,
      endTime: section.endTime ?? null,
      location: section.location?.trim() ?? '',
    };
    return { id, raw: section.sectionId, fields };
  });
  const existing = await ctx.db
    .select({ id: courseSections.id, sortNo: courseSections.sortNo, name: courseSections.name })
    .from(courseSections)
    .where(eq(courseSections.courseId, courseId));
  const existingIds = new Set(existing.map((row) => row.id));
  for (const entry of entries) {
    if (entry.id !== null && !existingIds.has(entry.id)) {
      throw new NotFoundError(`${SECTION_NOT_FOUND_MESSAGE}：${entry.raw}`);
    }
  }
  const inserts = entries.filter((entry) => entry.id === null).map((entry) => entry.fields);
  if (existing.length + inserts.length > MAX_SECTIONS) {
    throw new InvalidInputError(`课程章节总数不能超过 ${MAX_SECTIONS} 个`);
  }
  for (const row of existing) {
    if (sectionIds.has(row.id)) continue;
    const clash = sortNos.get(row.sortNo);
    if (clash !== undefined) {
      throw new ConflictError(`序号 ${row.sortNo} 已被章节「${row.name}」使用`);
    }
  }
  const updates = entries.flatMap((entry) =>
    entry.id === null ? [] : [{ id: entry.id, fields: entry.fields }],
  );
  await writeSections(ctx.db, courseId, ctx.clock.now(), updates, inserts);
  return sectionsOf(ctx.db, courseId);
}

/**
 * GET /tms-server/courseMgr/getCourseSection/{schoolId}/{courseId}: the
 * course's teacher, a school manager, or an active student of one of its teaching classes.
 */
export async function getCourseSection({
  ctx,
  input,
}: AuthedCall<{ schoolId: string; courseId: string }>): Promise<CourseSection[]> {
  const { schoolId, courseId } = await courseOfRequest(ctx, input.schoolId, input.courseId);
  try {
    await assertCourseOwner(ctx, schoolId, courseId);
  } catch (error) {
    if (!(error instanceof ForbiddenError)) throw error;
    const mine = await teachingClassIdsOfStudentUser(ctx, schoolId, ctx.auth.userId);
    const [member] =
      mine.length === 0
        ? []
        : await ctx.db
            .select({ id: teachingClasses.id })
            .from(teachingClasses)
            .where(and(eq(teachingClasses.courseId, courseId), inArray(teachingClasses.id, mine)))
            .limit(1);
    if (!member) throw new ForbiddenError(NOT_IN_COURSE_MESSAGE);
  }
  return sectionsOf(ctx.db, courseId);
}

/** GET /tms-server/courseMgr/clearCourseSection/{schoolId}/{courseId} */
export async function clearCourseSection({
  ctx,
  input,
}: AuthedCall<{ schoolId: string; courseId: string }>): Promise<CourseSectionClearResult> {
  const { schoolId, courseId } = await courseOfRequest(ctx, input.schoolId, input.courseId);
  await assertCourseTeacher(ctx, schoolId, courseId);
  const deleted = await ctx.db
    .delete(courseSections)
    .where(eq(courseSections.courseId, courseId))
    .returning({ id: courseSections.id });
  if (deleted.length > 0) {
    await ctx.db.update(courses).set({ updatedAt: ctx.clock.now() }).where(eq(courses.id, courseId));
  }
  return { courseId: String(courseId), deletedNum: deleted.length };
}

/** GET /tms-server/courseMgr/delCourseSection/{schoolId}/{sectionId} */
export async function delCourseSection({
  ctx,
  input,
}: AuthedCall<{ schoolId: string; sectionId: string }>): Promise<{ id: string }> {
  const schoolId = await resolveSchoolId(ctx, input.schoolId);
  const sectionId = parseId(input.sectionId);
  const [section] =
    sectionId === null
      ? []
      : await ctx.db
          .select({ id: courseSections.id, courseId: courseSections.courseId })
          .from(courseSections)
          .innerJoin(courses, eq(courses.id, courseSections.courseId))
          .where(and(eq(courseSections.id, sectionId), eq(courses.schoolId, schoolId)))
          .limit(1);
  if (!section) throw new NotFoundError(SECTION_NOT_FOUND_MESSAGE);
  await assertCourseTeacher(ctx, schoolId, section.courseId);
  await ctx.db.delete(courseSections).where(eq(courseSections.id, section.id));
  await ctx.db.update(courses).set({ updatedAt: ctx.clock.now() }).where(eq(courses.id, section.courseId));
  return { id: String(section.id) };
}
