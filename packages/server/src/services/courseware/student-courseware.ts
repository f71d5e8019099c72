import { and, desc, eq, ilike, inArray, type SQL, sql } from 'drizzle-orm';
import { courseware, coursewareFiles, coursewareShares } from '../../db/schema/courseware';
import { users } from '../../db/schema/identity';
import { courses, teachingClasses } from '../../db/schema/teaching';
import { ForbiddenError } from '../../lib/errors';
import type { AuthedCall } from '../context';
import { studentTeachingClassIds } from '../course/student-audience';
import { idOrNotFound } from '../../lib/ids';
import { likePattern } from '../../lib/like';
import { offsetOf } from '../../lib/paging';
import { resolveSchoolId } from '../school/resolve-school';
import { toNumber } from '../teaching-content/shared';
import type { FileInfo, MyCourseWare } from '@dfrm/sdk/tms/types';
import type { Input } from '../../contract/types';

/** A courseware's attachments as one json array, oldest upload first (ids as strings, as the wire has them). */
const attachmentsJson = sql<FileInfo[]>`(select coalesce(json_agg(json_build_object(
    'fileId', ${coursewareFiles.id}::text,
    'fileName', ${coursewareFiles.fileName},
    'fileSize', ${coursewareFiles.fileSize},
    'contentType', ${coursewareFiles.contentType},
    'uploadedAt', ${coursewareFiles.uploadedAt}
  ) order by ${coursewareFiles.uploadedAt}, ${coursewareFiles.id}), '[]'::json)
  from ${coursewareFiles} where ${coursewareFiles.coursewareId} = ${courseware.id})`;

/**
 * POST /tms-server/myCourse/getStudentWareList: courseware shared with the
 * caller's teaching classes (of one course, when it names one). One statement
 * answers the page with its course, owner, attachments and the total (a window
 * count); only an empty page asks again, for the total past the end or to tell
 * a course the caller is not in (5) from one with nothing shared.
 */
export async function getStudentWareList({
  ctx,
  input,
}: AuthedCall<Input<'getStudentWareList'>>): Promise<{ list: MyCourseWare[]; total: number }> {
  const schoolId = await resolveSchoolId(ctx, input.schoolId);
  const courseId = input.courseId === undefined ? null : idOrNotFound(input.courseId, '课程不存在');
  const mine = studentTeachingClassIds(ctx.db, schoolId, ctx.auth.userId);
  const classes =
    courseId === null
      ? mine
      : ctx.db
          .select({ id: teachingClasses.id })
          .from(teachingClasses)
          .where(and(inArray(teachingClasses.id, mine), eq(teachingClasses.courseId, courseId)));

  // the first time each courseware was shared with one of those classes
  const shares = ctx.db
    .select({
      coursewareId: sql<number>`${coursewareShares.coursewareId}`.as('my_courseware_id'),
      sharedAt: sql<number>`min(${coursewareShares.sharedAt})`.as('my_shared_at'),
    })
    .from(coursewareShares)
    .where(inArray(coursewareShares.teachingClassId, classes))
    .groupBy(coursewareShares.coursewareId)
    .as('my_shares');
  const conditions: (SQL | undefined)[] = [eq(courseware.schoolId, schoolId)];
  const keyword = input.keyword?.trim();
  if (keyword) conditions.push(ilike(courseware.name, likePattern(keyword)));
  const where = and(...conditions);

  const rows = await ctx.db
    .select({
      row: courseware,
      courseName: courses.name,
      ownerUserName: users.userName,
      ownerRealName: users.realName,
      sharedAt: shares.sharedAt,
      attachments: attachmentsJson,
      total: sql<number>`count(*) over ()`,
    })
    .from(courseware)
    .innerJoin(shares, eq(shares.coursewareId, courseware.id))
    .innerJoin(courses, eq(courses.id, courseware.courseId))
    .innerJoin(users, eq(users.id, courseware.ownerUserId))
    .where(where)
    .orderBy(desc(shares.sharedAt), desc(courseware.id))
    .limit(input.pageSize)
    .offset(offsetOf(input));

  const [first] = rows;
  let total = toNumber(first?.total);
  if (!first) {
    if (courseId !== null) {
      const [inCourse] = await ctx.db
        .select({ id: sql`1` })
        .from(classes.as('in_course'))
        .limit(1);
      if (!inCourse) throw new ForbiddenError('您不在该课程中');
    }
    const [row] = await ctx.db
      .select({ total: sql<number>`count(*)` })
      .from(courseware)
      .innerJoin(shares, eq(shares.coursewareId, courseware.id))
      .where(where);
    total = toNumber(row?.total);
  }
  const list = rows.map(({ row, courseName, ownerUserName, ownerRealName, sharedAt, attachments }) => ({
    courseWareId: String(row.id),
    schoolId: String(row.schoolId),
    courseWareName: row.name,
    description: row.description,
    courseId: String(row.courseId),
    courseName,
    owner: { userId: String(row.ownerUserId), userName: ownerUserName, realName: ownerRealName },
    attachmentNum: attachments.length,
    totalSize: attachments.reduce((sum, file) => sum + Number(file.fileSize), 0),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    sharedAt: toNumber(sharedAt),
    attachments: attachments.map((file) => ({
      ...file,
      fileSize: Number(file.fileSize),
      uploadedAt: Number(file.uploadedAt),
    })),
  }));
  return { list, total };
}
