// Who is online now: in the school, in one course.
import { and, countDistinct, eq, gte, sql } from 'drizzle-orm';
import { students } from '../../db/schema/school';
import { studentActivityDays, studentOnline } from '../../db/schema/student';
import { teachingClasses } from '../../db/schema/teaching';
import type {
  OnlineStudent,
  OnlineStudentCoursePage,
  OnlineStudentPage,
  OnlineStudentV2Page,
} from '@dfrm/sdk/tms/types';
import type { Input } from '../../contract/types';
import type { AuthedCall } from '../context';
import { studentInTeachingClass } from '../course/membership';
import { beijingDay, ONLINE_WINDOW_MS } from './online-clock';
import { resolveSchoolId } from '../school/resolve-school';

import { ItemRow, studentBrief, isOnline, runList } from './list-query';
import { coursePlan } from './course-lists';

// ---- online lists ----------------------------------------------------------

function onlineBrief(row: ItemRow): OnlineStudent {
  return {
    ...studentBrief(row),
    onlineSince: row.onlineSince ?? 0,
    lastActiveAt: row.lastActiveAt ?? 0,
  };
}

const newestOnlineFirst = [sql`${studentOnline.onlineSince} desc nulls last`];

/** POST /tms-server/studentMgr/list/online: the teacher's students online now, newest first. */
export async function getOnlineStudentList({
  ctx,
  input,
}: AuthedCall<Input<'getOnlineStudentList'>>): Promise<OnlineStudentPage> {
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

/** POST /tms-server/studentMgr/list/online/by/course */
export async function getOnlineStudentListByCourse({
  ctx,
  input,
}: AuthedCall<Input<'getOnlineStudentListByCourse'>>): Promise<OnlineStudentCoursePage> {
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
}: AuthedCall<Input<'getOnlineStudentListByCourseV2'>>): Promise<OnlineStudentV2Page> {
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
