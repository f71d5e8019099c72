import { and, asc, countDistinct, desc, eq, ilike, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { lockRowsForUpdate, transactionWithRetry } from '../../db/retry';
import { type NoticeRow, notices, noticeViews, noticeVisibility } from '../../db/schema/notice';
import { students } from '../../db/schema/school';
import { courses, teachingClasses } from '../../db/schema/teaching';
import { ForbiddenError, InvalidInputError, NotFoundError } from '../../lib/errors';
import type {
  Announce,
  AnnounceDetail,
  AnnounceListItem,
  AnnouncePage,
  AnnounceVisibleClass,
  Deleted,
} from '@dfrm/sdk/tms/types';
import type { Input } from '../../contract/types';
import type { AuthedCall, AuthedContext } from '../context';
import {
  assertCourseTeacher,
  assertTeachingClassesOwned,
  studentInTeachingClass,
} from '../course/membership';
import {
  inOrder,
  teachingClassBriefs,
  teachingClassIdsOf,
  toNumber,
  UNKNOWN_USER,
  userBriefs,
} from '../teaching-content/shared';
import { hasVisibleContent, sanitizeNoticeHtml, summaryOf } from './sanitize';
import { likePattern } from '../../lib/like';
import { offsetOf } from '../../lib/paging';
import { resolveSchoolId } from '../school/resolve-school';
import { idOrNotFound } from '../../lib/ids';

export const NOTICE_NOT_FOUND_MESSAGE = '通知不存在';
export const NOT_NOTICE_AUTHOR_MESSAGE = '这不是您发布的通知';
export const CLASS_NOT_IN_COURSE_MESSAGE = '教学班不属于该通知所属的课程';

const TITLE_MAX = 100;
const CONTENT_MAX = 100_000;

/** The row and the course name of notices, as every view of a notice starts from them. */
export async function noticeRows(db: Db, where: SQL | undefined) {
  return db
    .select({ notice: notices, courseName: courses.name })
    .from(notices)
    .innerJoin(courses, eq(courses.id, notices.courseId))
    .where(where);
}

/** The fields of the Announce schema, shared with the student page. */
export async function announcesOf(
  db: Db,
  rows: readonly { notice: NoticeRow; courseName: string }[],
): Promise<Announce[]> {
  const publishers = await userBriefs(
    db,
    rows.map((row) => row.notice.authorUserId),
  );
  return rows.map(({ notice, courseName }) => ({
    announceId: String(notice.id),
    schoolId: String(notice.schoolId),
    title: notice.title,
    summary: notice.summary,
    courseId: String(notice.courseId),
    courseName,
    status: notice.status,
    publisher: publishers.get(notice.authorUserId) ?? UNKNOWN_USER,
    publishedAt: notice.publishedAt,
    updatedAt: notice.updatedAt,
  }));
}

/** The reading figures of a notice's list item. */
type Reading = Pick<AnnounceListItem, 'visibleClassNum' | 'studentNum' | 'viewedNum' | 'classReads'>;

/**
 * Per notice, in one query: each visible class with how many of its active
 * students read it (grouping set notice + class, in class id order), and the
 * notice's totals over distinct students (grouping set notice alone: a student
 * in two visible classes counts once). Receipts of students no longer in a
 * visible class are kept but not counted.
 */
async function readingOf(db: Db, noticeIds: readonly number[]): Promise<Map<number, Reading>> {
  const reading = new Map<number, Reading>(
    noticeIds.map((id) => [id, { visibleClassNum: 0, studentNum: 0, viewedNum: 0, classReads: [] }]),
  );
  if (noticeIds.length === 0) return reading;
  const rows = await db
    .select({
      noticeId: noticeVisibility.noticeId,
      teachingClassId: sql<
        number | null
      >`case when grouping(${noticeVisibility.teachingClassId}) = 0 then ${noticeVisibility.teachingClassId} end`,
      visibleClassNum: countDistinct(noticeVisibility.teachingClassId),
      studentNum: countDistinct(students.id),
      viewedNum: countDistinct(noticeViews.userId),
    })
    .from(noticeVisibility)
    .innerJoin(teachingClasses, eq(teachingClasses.id, noticeVisibility.teachingClassId))
    .leftJoin(
      students,
      and(
        eq(students.schoolId, teachingClasses.schoolId),
        eq(students.status, 'active'),
        studentInTeachingClass(),
      ),
    )
    .leftJoin(
      noticeViews,
      and(eq(noticeViews.noticeId, noticeVisibility.noticeId), eq(noticeViews.userId, students.userId)),
    )
    .where(inArray(noticeVisibility.noticeId, [...noticeIds]))
    .groupBy(
      sql`grouping sets ((${noticeVisibility.noticeId}, ${noticeVisibility.teachingClassId}), (${noticeVisibility.noticeId}))`,
    )
    .orderBy(asc(noticeVisibility.noticeId), asc(noticeVisibility.teachingClassId));
  const classIds = rows.flatMap((row) => (row.teachingClassId === null ? [] : [Number(row.teachingClassId)]));
  const briefs = await teachingClassBriefs(db, [...new Set(classIds)]);
  for (const row of rows) {
    const entry = reading.get(row.noticeId);
    if (!entry) continue;
    if (row.teachingClassId === null) {
      entry.visibleClassNum = toNumber(row.visibleClassNum);
      entry.studentNum = toNumber(row.studentNum);
      entry.viewedNum = toNumber(row.viewedNum);
    } else {
      const teachingClass = briefs.get(Number(row.teachingClassId));
      if (teachingClass) entry.classReads.push({ teachingClass, viewedNum: toNumber(row.viewedNum) });
    }
  }
  return reading;
}

async function listItemsOf(
  db: Db,
  rows: readonly { notice: NoticeRow; courseName: string }[],
): Promise<AnnounceListItem[]> {
  const [announces, reading] = await Promise.all([
    announcesOf(db, rows),
    readingOf(
      db,
      rows.map((row) => row.notice.id),
    ),
  ]);
  return announces.map((announce, index) => {
    const notice = (rows[index] as { notice: NoticeRow }).notice;
    return {
      ...announce,
      createdAt: notice.createdAt,
      ...(reading.get(notice.id) ?? { visibleClassNum: 0, studentNum: 0, viewedNum: 0, classReads: [] }),
    };
  });
}

async function visibleClassIds(db: Db, noticeId: number): Promise<number[]> {
  const rows = await db
    .select({ id: noticeVisibility.teachingClassId })
    .from(noticeVisibility)
    .where(eq(noticeVisibility.noticeId, noticeId))
    .orderBy(asc(noticeVisibility.teachingClassId));
  return rows.map((row) => row.id);
}

async function detailOf(db: Db, noticeId: number): Promise<AnnounceDetail> {
  const rows = await noticeRows(db, eq(notices.id, noticeId));
  const [item] = await listItemsOf(db, rows);
  const row = rows[0];
  if (!item || !row) throw new NotFoundError(NOTICE_NOT_FOUND_MESSAGE);
  const ids = await visibleClassIds(db, noticeId);
  return {
    ...item,
    content: row.notice.content,
    visibleClasses: inOrder(await teachingClassBriefs(db, ids), ids),
  };
}

/** The caller's own notice in the school: 6 when there is none, 5 when someone else wrote it. */
async function ownNotice(ctx: AuthedContext, schoolId: number, rawId: string): Promise<NoticeRow> {
  const id = idOrNotFound(rawId, NOTICE_NOT_FOUND_MESSAGE);
  const [notice] = await ctx.db
    .select()
    .from(notices)
    .where(and(eq(notices.id, id), eq(notices.schoolId, schoolId)))
    .limit(1);
  if (!notice) throw new NotFoundError(NOTICE_NOT_FOUND_MESSAGE);
  if (notice.authorUserId !== ctx.auth.userId) throw new ForbiddenError(NOT_NOTICE_AUTHOR_MESSAGE);
  return notice;
}

/** Teaching classes the notice may be shown to: classes of its course, taught by the caller. */
async function assertClassesOfCourse(
  ctx: AuthedContext,
  schoolId: number,
  courseId: number,
  rawIds: readonly string[],
): Promise<number[]> {
  const ids = teachingClassIdsOf(rawIds);
  await assertTeachingClassesOwned(ctx, schoolId, ids);
  if (ids.length > 0) {
    const rows = await ctx.db
      .select({ id: teachingClasses.id })
      .from(teachingClasses)
      .where(and(inArray(teachingClasses.id, ids), eq(teachingClasses.courseId, courseId)));
    if (rows.length !== ids.length) throw new ForbiddenError(CLASS_NOT_IN_COURSE_MESSAGE);
  }
  return ids.sort((a, b) => a - b);
}

async function replaceVisibility(db: Db, noticeId: number, classIds: readonly number[]): Promise<void> {
  await db.delete(noticeVisibility).where(eq(noticeVisibility.noticeId, noticeId));
  if (classIds.length > 0) {
    await db
      .insert(noticeVisibility)
      .values(classIds.map((teachingClassId) => ({ noticeId, teachingClassId })));
  }
}

/** POST /tms-server/announce/queryAnnounceList */
export async function queryAnnounceList({
  ctx,
  input,
}: AuthedCall<Input<'queryAnnounceList'>>): Promise<AnnouncePage> {
  const schoolId = await resolveSchoolId(ctx, input.schoolId);
  const conditions: (SQL | undefined)[] = [
    eq(notices.schoolId, schoolId),
    eq(notices.authorUserId, ctx.auth.userId),
  ];
  if (input.courseId !== undefined) {
    const courseId = idOrNotFound(input.courseId, '课程不存在');
    conditions.push(eq(notices.courseId, courseId));
  }
  if (input.status !== undefined) conditions.push(eq(notices.status, input.status));
  const keyword = input.keyword?.trim();
  if (keyword) conditions.push(ilike(notices.title, likePattern(keyword)));
  const where = and(...conditions);

  const column = {
    updatedAt: notices.updatedAt,
    publishedAt: notices.publishedAt,
    createdAt: notices.createdAt,
  }[input.sortField ?? 'updatedAt'];
  const descending = (input.sortOrder ?? 'desc') === 'desc';
  const [totalRow] = await ctx.db
    .select({ total: sql<number>`count(*)` })
    .from(notices)
    .where(where);
  const rows = await ctx.db
    .select({ notice: notices, courseName: courses.name })
    .from(notices)
    .innerJoin(courses, eq(courses.id, notices.courseId))
    .where(where)
    // drafts never published sort last either way
    .orderBy(
      descending ? sql`${column} desc nulls last` : sql`${column} asc nulls last`,
      descending ? desc(notices.id) : asc(notices.id),
    )
    .limit(input.pageSize)
    .offset(offsetOf(input));
  return { list: await listItemsOf(ctx.db, rows), total: toNumber(totalRow?.total) };
}

/** POST /tms-server/announce/updateAnnounce: create (no announceId) or edit a notice. */
export async function updateAnnounce({
  ctx,
  input,
}: AuthedCall<Input<'updateAnnounce'>>): Promise<AnnounceDetail> {
  const schoolId = await resolveSchoolId(ctx, input.schoolId);
  const title = input.title.trim();
  if (title === '') throw new InvalidInputError('参数 title 不能为空');
  if ([...title].length > TITLE_MAX)
    throw new InvalidInputError(`参数 title 长度不能超过 ${TITLE_MAX} 个字符`);
  const content = sanitizeNoticeHtml(input.content);
  if (!hasVisibleContent(content))
    throw new InvalidInputError('参数 content 不能为空（净化后没有可显示的内容）');
  if (content.length > CONTENT_MAX)
    throw new InvalidInputError(`参数 content 长度不能超过 ${CONTENT_MAX} 个字符`);
  // a published notice no class can see reaches nobody; only a draft may wait for its classes
  if (input.status === 1 && input.teachingClassIds.length === 0)
    throw new InvalidInputError('发布通知至少要选择一个教学班');

  const existing = input.announceId === undefined ? null : await ownNotice(ctx, schoolId, input.announceId);
  const course = await assertCourseTeacher(ctx, schoolId, idOrNotFound(input.courseId, '课程不存在'));
  const classIds = await assertClassesOfCourse(ctx, schoolId, course.id, input.teachingClassIds);

  const now = ctx.clock.now();
  const fields = {
    courseId: course.id,
    title,
    content,
    summary: summaryOf(content),
    status: input.status,
    updatedAt: now,
  };
  const noticeId = await transactionWithRetry(ctx.db, async (tx) => {
    let id: number;
    if (existing) {
      id = existing.id;
      await lockRowsForUpdate(tx, notices.id, [id]);
      await tx
        .update(notices)
        .set({ ...fields, publishedAt: existing.publishedAt ?? (input.status === 1 ? now : null) })
        .where(eq(notices.id, id));
    } else {
      const [created] = await tx
        .insert(notices)
        .values({
          ...fields,
          schoolId,
          authorUserId: ctx.auth.userId,
          publishedAt: input.status === 1 ? now : null,
          createdAt: now,
        })
        .returning({ id: notices.id });
      if (!created) throw new Error('insert notices returned nothing');
      id = created.id;
    }
    await replaceVisibility(tx, id, classIds);
    return id;
  });
  return detailOf(ctx.db, noticeId);
}

/** GET /tms-server/announce/getAnnounceVisibleList/{schoolId}/{announceId} */
export async function getAnnounceVisibleList({
  ctx,
  input,
}: AuthedCall<Input<'getAnnounceVisibleList'>>): Promise<AnnounceVisibleClass[]> {
  const schoolId = await resolveSchoolId(ctx, input.schoolId);
  const notice = await ownNotice(ctx, schoolId, input.announceId);
  return visibleClassesOf(ctx, notice);
}

async function visibleClassesOf(ctx: AuthedContext, notice: NoticeRow): Promise<AnnounceVisibleClass[]> {
  const classes = await ctx.db
    .select({ id: teachingClasses.id })
    .from(teachingClasses)
    .innerJoin(courses, eq(courses.id, teachingClasses.courseId))
    .where(and(eq(teachingClasses.courseId, notice.courseId), eq(courses.teacherUserId, ctx.auth.userId)))
    .orderBy(asc(teachingClasses.id));
  const ids = classes.map((row) => row.id);
  const visible = new Set(await visibleClassIds(ctx.db, notice.id));
  const viewed = new Map<number, number>();
  if (visible.size > 0) {
    const rows = await ctx.db
      .select({ teachingClassId: teachingClasses.id, viewedNum: countDistinct(noticeViews.userId) })
      .from(teachingClasses)
      .innerJoin(
        students,
        and(
          eq(students.schoolId, teachingClasses.schoolId),
          eq(students.status, 'active'),
          studentInTeachingClass(),
        ),
      )
      .innerJoin(
        noticeViews,
        and(eq(noticeViews.noticeId, notice.id), eq(noticeViews.userId, students.userId)),
      )
      .where(inArray(teachingClasses.id, [...visible]))
      .groupBy(teachingClasses.id);
    for (const row of rows) viewed.set(row.teachingClassId, toNumber(row.viewedNum));
  }
  const briefs = await teachingClassBriefs(ctx.db, ids);
  return ids.flatMap((id) => {
    const teachingClass = briefs.get(id);
    if (!teachingClass) return [];
    const isVisible = visible.has(id);
    return [{ teachingClass, visible: isVisible, viewedNum: isVisible ? (viewed.get(id) ?? 0) : 0 }];
  });
}

/** POST /tms-server/announce/updateAnnounceVisible: replaces the visible classes. */
export async function updateAnnounceVisible({
  ctx,
  input,
}: AuthedCall<Input<'updateAnnounceVisible'>>): Promise<AnnounceVisibleClass[]> {
  const schoolId = await resolveSchoolId(ctx, input.schoolId);
  const notice = await ownNotice(ctx, schoolId, input.announceId);
  const classIds = await assertClassesOfCourse(ctx, schoolId, notice.courseId, input.teachingClassIds);
  await transactionWithRetry(ctx.db, async (tx) => {
    // replacements of one notice's classes queue up on its row
    await lockRowsForUpdate(tx, notices.id, [notice.id]);
    await replaceVisibility(tx, notice.id, classIds);
    await tx.update(notices).set({ updatedAt: ctx.clock.now() }).where(eq(notices.id, notice.id));
  });
  return visibleClassesOf(ctx, notice);
}

/** GET /tms-server/announce/delAnnounce/{schoolId}/{announceId}: visibility and read receipts go with it. */
export async function delAnnounce({ ctx, input }: AuthedCall<Input<'delAnnounce'>>): Promise<Deleted> {
  const schoolId = await resolveSchoolId(ctx, input.schoolId);
  const notice = await ownNotice(ctx, schoolId, input.announceId);
  await ctx.db.delete(notices).where(eq(notices.id, notice.id));
  return { id: String(notice.id) };
}

/** GET /tms-server/announce/getAnnounce/{schoolId}/{announceId} */
export async function getAnnounce({ ctx, input }: AuthedCall<Input<'getAnnounce'>>): Promise<AnnounceDetail> {
  const schoolId = await resolveSchoolId(ctx, input.schoolId);
  const notice = await ownNotice(ctx, schoolId, input.announceId);
  return detailOf(ctx.db, notice.id);
}
