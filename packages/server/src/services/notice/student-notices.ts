import { and, desc, eq, ilike, inArray, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import { notices, noticeViews, noticeVisibility } from '../../db/schema/notice';
import { courses } from '../../db/schema/teaching';
import { NotFoundError } from '../../lib/errors';
import type { AuthedCall, AuthedContext } from '../context';
import { teachingClassIdsOfStudentUser } from '../course/membership';
import { toNumber } from '../teaching-content/shared';
import { type Announce, announcesOf, NOTICE_NOT_FOUND_MESSAGE } from './teacher-notices';
import { parseId } from '../../lib/ids';
import { likePattern } from '../../lib/like';
import { offsetOf } from '../../lib/paging';
import { resolveSchoolId } from '../school/resolve-school';

export interface StudentAnnounce extends Announce {
  viewed: boolean;
  viewedAt: number | null;
}

export interface StudentAnnounceDetail extends StudentAnnounce {
  content: string;
}

/**
 * "Published notices visible to one of these teaching classes, in this school":
 * what a student sees. Drafts and notices of other classes never match.
 */
function visibleTo(schoolId: number, classIds: readonly number[]): SQL | undefined {
  if (classIds.length === 0) return sql`false`;
  return and(
    eq(notices.schoolId, schoolId),
    eq(notices.status, 1),
    sql`exists (select 1 from ${noticeVisibility} where ${noticeVisibility.noticeId} = ${notices.id} and ${inArray(noticeVisibility.teachingClassId, [...classIds])})`,
  );
}

async function audienceOf(ctx: AuthedContext, rawSchoolId: string) {
  const schoolId = await resolveSchoolId(ctx, rawSchoolId);
  const classIds = await teachingClassIdsOfStudentUser(ctx, schoolId, ctx.auth.userId);
  return { schoolId, visible: visibleTo(schoolId, classIds) };
}

/** Notices (with the caller's read receipt) matching `where`, newest publication first. */
async function studentAnnounces(
  ctx: AuthedContext,
  where: SQL | undefined,
  page: { limit: number; offset: number },
): Promise<(StudentAnnounce & { content: string })[]> {
  const rows = await ctx.db
    .select({ notice: notices, courseName: courses.name, viewedAt: noticeViews.viewedAt })
    .from(notices)
    .innerJoin(courses, eq(courses.id, notices.courseId))
    .leftJoin(noticeViews, and(eq(noticeViews.noticeId, notices.id), eq(noticeViews.userId, ctx.auth.userId)))
    .where(where)
    .orderBy(desc(notices.publishedAt), desc(notices.id))
    .limit(page.limit)
    .offset(page.offset);
  const announces = await announcesOf(ctx.db, rows);
  return announces.map((announce, index) => {
    const row = rows[index] as (typeof rows)[number];
    return {
      ...announce,
      viewed: row.viewedAt !== null,
      viewedAt: row.viewedAt,
      content: row.notice.content,
    };
  });
}

async function countWhere(ctx: AuthedContext, where: SQL | undefined): Promise<number> {
  const [row] = await ctx.db
    .select({ total: sql<number>`count(*)` })
    .from(notices)
    .leftJoin(noticeViews, and(eq(noticeViews.noticeId, notices.id), eq(noticeViews.userId, ctx.auth.userId)))
    .where(where);
  return toNumber(row?.total);
}

function withoutContent({
  content: _content,
  ...announce
}: StudentAnnounce & { content: string }): StudentAnnounce {
  return announce;
}

export interface StudentAnnounceQueryInput {
  schoolId: string;
  pageIndex: number;
  pageSize: number;
  courseId?: string | undefined;
  viewed?: boolean | undefined;
  keyword?: string | undefined;
}

/** POST /tms-server/studentPage/getAnnounceList */
export async function getStudentAnnounceList({ ctx, input }: AuthedCall<StudentAnnounceQueryInput>): Promise<{
  list: StudentAnnounce[];
  total: number;
  unViewNum: number;
}> {
  const { visible } = await audienceOf(ctx, input.schoolId);
  const conditions: (SQL | undefined)[] = [visible];
  if (input.courseId !== undefined) {
    const courseId = parseId(input.courseId);
    conditions.push(courseId === null ? sql`false` : eq(notices.courseId, courseId));
  }
  if (input.viewed !== undefined) {
    conditions.push(input.viewed ? isNotNull(noticeViews.viewedAt) : isNull(noticeViews.viewedAt));
  }
  const keyword = input.keyword?.trim();
  if (keyword) conditions.push(ilike(notices.title, likePattern(keyword)));
  const where = and(...conditions);
  const [list, total, unViewNum] = await Promise.all([
    studentAnnounces(ctx, where, { limit: input.pageSize, offset: offsetOf(input) }),
    countWhere(ctx, where),
    countWhere(ctx, and(visible, isNull(noticeViews.viewedAt))),
  ]);
  return { list: list.map(withoutContent), total, unViewNum };
}

/** GET /tms-server/studentPage/getLastAnnounce/{schoolId}: the newest visible notice, not marked read. */
export async function getLastAnnounce({
  ctx,
  input,
}: AuthedCall<{ schoolId: string }>): Promise<StudentAnnounce | null> {
  const { visible } = await audienceOf(ctx, input.schoolId);
  const [last] = await studentAnnounces(ctx, visible, { limit: 1, offset: 0 });
  return last ? withoutContent(last) : null;
}

/** GET /tms-server/studentPage/viewAnnounce/{schoolId}/{announceId}: the full notice; the first call marks it read. */
export async function viewAnnounce({
  ctx,
  input,
}: AuthedCall<{ schoolId: string; announceId: string }>): Promise<StudentAnnounceDetail> {
  const { visible } = await audienceOf(ctx, input.schoolId);
  const id = parseId(input.announceId);
  // drafts and notices of other classes are answered exactly like missing ones
  const [target] =
    id === null
      ? []
      : await ctx.db
          .select({ id: notices.id })
          .from(notices)
          .where(and(eq(notices.id, id), visible))
          .limit(1);
  if (!target) throw new NotFoundError(NOTICE_NOT_FOUND_MESSAGE);
  await ctx.db
    .insert(noticeViews)
    .values({ noticeId: target.id, userId: ctx.auth.userId, viewedAt: ctx.clock.now() })
    .onConflictDoNothing();
  const [detail] = await studentAnnounces(ctx, eq(notices.id, target.id), { limit: 1, offset: 0 });
  if (!detail) throw new NotFoundError(NOTICE_NOT_FOUND_MESSAGE);
  return detail;
}

/** GET /tms-server/studentPage/getUnViewAnnounce/{schoolId} */
export async function getUnViewAnnounce({
  ctx,
  input,
}: AuthedCall<{ schoolId: string }>): Promise<{ schoolId: string; unViewNum: number }> {
  const { schoolId, visible } = await audienceOf(ctx, input.schoolId);
  return {
    schoolId: String(schoolId),
    unViewNum: await countWhere(ctx, and(visible, isNull(noticeViews.viewedAt))),
  };
}
