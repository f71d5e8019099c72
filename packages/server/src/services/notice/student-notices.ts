import { and, desc, eq, ilike, inArray, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import { notices, noticeViews, noticeVisibility } from '../../db/schema/notice';
import { courses } from '../../db/schema/teaching';
import { NotFoundError } from '../../lib/errors';
import type { AuthedCall, AuthedContext } from '../context';
import { users } from '../../db/schema/identity';
import { studentTeachingClassIds } from '../course/student-audience';
import { toNumber } from '../teaching-content/shared';
import { announcesOf, NOTICE_NOT_FOUND_MESSAGE } from './teacher-notices';
import type { StudentAnnounce, StudentAnnounceDetail } from '@dfrm/sdk/tms/types';
import type { Input, Output } from '../../contract/types';
import { parseId } from '../../lib/ids';
import { likePattern } from '../../lib/like';
import { offsetOf } from '../../lib/paging';
import { resolveSchoolId } from '../school/resolve-school';

/**
 * "Published notices visible to one of the caller's teaching classes, in this
 * school": what a student sees. Drafts and notices of other classes never
 * match. The caller's classes are a subquery, so this costs no statement of its own.
 */
function visibleTo(ctx: AuthedContext, schoolId: number): SQL | undefined {
  const mine = studentTeachingClassIds(ctx.db, schoolId, ctx.auth.userId);
  return and(
    eq(notices.schoolId, schoolId),
    eq(notices.status, 1),
    inArray(
      notices.id,
      ctx.db
        .select({ id: noticeVisibility.noticeId })
        .from(noticeVisibility)
        .where(inArray(noticeVisibility.teachingClassId, mine)),
    ),
  );
}

async function audienceOf(ctx: AuthedContext, rawSchoolId: string) {
  const schoolId = await resolveSchoolId(ctx, rawSchoolId);
  return { schoolId, visible: visibleTo(ctx, schoolId) };
}

const readBy = (ctx: AuthedContext) =>
  and(eq(noticeViews.noticeId, notices.id), eq(noticeViews.userId, ctx.auth.userId));

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
    .leftJoin(noticeViews, readBy(ctx))
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

/** How many visible notices match the list's filters, and how many visible ones the caller has not read. */
async function countsOf(
  ctx: AuthedContext,
  visible: SQL | undefined,
  filters: SQL | undefined,
): Promise<{ total: number; unViewNum: number }> {
  const [row] = await ctx.db
    .select({
      total: sql<number>`count(*) filter (where ${filters ?? sql`true`})`,
      unViewNum: sql<number>`count(*) filter (where ${noticeViews.viewedAt} is null)`,
    })
    .from(notices)
    .leftJoin(noticeViews, readBy(ctx))
    .where(visible);
  return { total: toNumber(row?.total), unViewNum: toNumber(row?.unViewNum) };
}

/**
 * POST /tms-server/studentPage/getAnnounceList. One statement for the page,
 * its publishers, the total and the unread count (a window count over the
 * filtered rows and one over every visible notice); only a page past the end,
 * which has no row to carry them, asks for the counts on their own.
 */
export async function getStudentAnnounceList({
  ctx,
  input,
}: AuthedCall<Input<'getStudentAnnounceList'>>): Promise<{
  list: StudentAnnounce[];
  total: number;
  unViewNum: number;
}> {
  const schoolId = await resolveSchoolId(ctx, input.schoolId);
  const visible = visibleTo(ctx, schoolId);
  const conditions: SQL[] = [];
  if (input.courseId !== undefined) {
    const courseId = parseId(input.courseId);
    conditions.push(courseId === null ? sql`false` : eq(notices.courseId, courseId));
  }
  if (input.viewed !== undefined) {
    conditions.push(input.viewed ? isNotNull(noticeViews.viewedAt) : isNull(noticeViews.viewedAt));
  }
  const keyword = input.keyword?.trim();
  if (keyword) conditions.push(ilike(notices.title, likePattern(keyword)));
  const filters = conditions.length > 0 ? and(...conditions) : undefined;

  // every visible notice, with whether it passes the filters; the page is cut from those that do
  // (the aliases are unique because drizzle names a subquery's expressions without its alias)
  const candidates = ctx.db
    .select({
      id: sql<number>`${notices.id}`.as('candidate_id'),
      viewedAt: sql<number | null>`${noticeViews.viewedAt}`.as('candidate_viewed_at'),
      matches: sql<boolean>`${filters ?? sql`true`}`.as('candidate_matches'),
      total: sql<number>`count(*) filter (where ${filters ?? sql`true`}) over ()`.as('candidate_total'),
      unViewNum: sql<number>`count(*) filter (where ${noticeViews.viewedAt} is null) over ()`.as(
        'candidate_un_view_num',
      ),
    })
    .from(notices)
    .leftJoin(noticeViews, readBy(ctx))
    .where(visible)
    .as('candidates');
  const rowsQ = ctx.db
    .select({
      id: notices.id,
      schoolId: notices.schoolId,
      courseId: notices.courseId,
      title: notices.title,
      summary: notices.summary,
      status: notices.status,
      publishedAt: notices.publishedAt,
      updatedAt: notices.updatedAt,
      courseName: courses.name,
      publisherId: users.id,
      publisherUserName: users.userName,
      publisherRealName: users.realName,
      viewedAt: candidates.viewedAt,
      total: candidates.total,
      unViewNum: candidates.unViewNum,
    })
    .from(candidates)
    .innerJoin(notices, eq(notices.id, candidates.id))
    .innerJoin(courses, eq(courses.id, notices.courseId))
    .innerJoin(users, eq(users.id, notices.authorUserId))
    .where(sql`${candidates.matches}`)
    .orderBy(desc(notices.publishedAt), desc(notices.id))
    .limit(input.pageSize)
    .offset(offsetOf(input));
  const rows = await rowsQ;
  const [first] = rows;
  const counts = first
    ? { total: toNumber(first.total), unViewNum: toNumber(first.unViewNum) }
    : await countsOf(ctx, visible, filters);
  const list = rows.map((row): StudentAnnounce => ({
    announceId: String(row.id),
    schoolId: String(row.schoolId),
    title: row.title,
    summary: row.summary,
    courseId: String(row.courseId),
    courseName: row.courseName,
    status: row.status,
    publisher: {
      userId: String(row.publisherId),
      userName: row.publisherUserName,
      realName: row.publisherRealName,
    },
    publishedAt: row.publishedAt,
    updatedAt: row.updatedAt,
    viewed: row.viewedAt !== null,
    viewedAt: row.viewedAt === null ? null : toNumber(row.viewedAt),
  }));
  return { list, ...counts };
}

function withoutContent({
  content: _content,
  ...announce
}: StudentAnnounce & { content: string }): StudentAnnounce {
  return announce;
}

/** GET /tms-server/studentPage/getLastAnnounce/{schoolId}: the newest visible notice, not marked read. */
export async function getLastAnnounce({
  ctx,
  input,
}: AuthedCall<Input<'getLastAnnounce'>>): Promise<StudentAnnounce | null> {
  const { visible } = await audienceOf(ctx, input.schoolId);
  const [last] = await studentAnnounces(ctx, visible, { limit: 1, offset: 0 });
  return last ? withoutContent(last) : null;
}

/** GET /tms-server/studentPage/viewAnnounce/{schoolId}/{announceId}: the full notice; the first call marks it read. */
export async function viewAnnounce({
  ctx,
  input,
}: AuthedCall<Input<'viewAnnounce'>>): Promise<StudentAnnounceDetail> {
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
}: AuthedCall<Input<'getUnViewAnnounce'>>): Promise<Output<'getUnViewAnnounce'>> {
  const { schoolId, visible } = await audienceOf(ctx, input.schoolId);
  return {
    schoolId: String(schoolId),
    unViewNum: (await countsOf(ctx, visible, undefined)).unViewNum,
  };
}
