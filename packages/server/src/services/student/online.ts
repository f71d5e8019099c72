import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { students } from '../../db/schema/school';
import { studentActivityDays, studentOnline } from '../../db/schema/student';
import { teachingClasses } from '../../db/schema/teaching';
import { ForbiddenError, RefusedError } from '../../lib/errors';
import { DISABLED_MESSAGE } from '../auth/session';
import type { StudentOnlineRefresh } from '@dfrm/sdk/tms/types';
import type { Input } from '../../contract/types';
import type { AuthedCall } from '../context';
import { teachingClassIdsOfStudentUser } from '../course/membership';
import { beijingDay, ONLINE_WINDOW_MS, REFRESH_INTERVAL_MS } from './online-clock';
import { parseId } from '../../lib/ids';
import { resolveSchoolId } from '../school/resolve-school';

export const NOT_A_STUDENT_MESSAGE = '您在该学校不是学生';
export const NOT_IN_COURSE_MESSAGE = '您不在该课程的教学班中';

async function addActivity(
  tx: Db,
  key: { schoolId: number; userId: number; courseId: number; day: string },
  deltaMs: number,
  now: number,
) {
  await tx
    .insert(studentActivityDays)
    .values({ ...key, durationMs: deltaMs, lastActiveAt: now })
    .onConflictDoUpdate({
      target: [
        studentActivityDays.schoolId,
        studentActivityDays.userId,
        studentActivityDays.courseId,
        studentActivityDays.day,
      ],
      set: {
        durationMs: sql`${studentActivityDays.durationMs} + ${deltaMs}`,
        lastActiveAt: sql`greatest(${studentActivityDays.lastActiveAt}, ${now})`,
      },
    });
}

/**
 * GET /tms-server/studentMgr/refresh: the student's heartbeat. A heartbeat
 * within 5 minutes of the previous one continues the online period and adds
 * the gap to today's online time (and to the named course's study time);
 * after a longer gap a new period starts and nothing is added.
 */
export async function refreshStudentOnline({
  ctx,
  input,
}: AuthedCall<Input<'studentMgrRefresh'>>): Promise<StudentOnlineRefresh> {
  const schoolId = await resolveSchoolId(ctx, input.schoolId);
  const userId = ctx.auth.userId;
  const rosters = await ctx.db
    .select({ status: students.status })
    .from(students)
    .where(and(eq(students.schoolId, schoolId), eq(students.userId, userId)));
  if (rosters.length === 0) throw new ForbiddenError(NOT_A_STUDENT_MESSAGE);
  if (rosters.every((row) => row.status === 'disabled')) throw new RefusedError(DISABLED_MESSAGE);

  let courseId: number | null = null;
  if (input.courseId !== undefined) {
    const wanted = parseId(input.courseId);
    const classIds = await teachingClassIdsOfStudentUser(ctx, schoolId, userId);
    const [member] =
      wanted === null || classIds.length === 0
        ? []
        : await ctx.db
            .select({ id: teachingClasses.id })
            .from(teachingClasses)
            .where(and(inArray(teachingClasses.id, classIds), eq(teachingClasses.courseId, wanted)))
            .limit(1);
    if (!member || wanted === null) throw new ForbiddenError(NOT_IN_COURSE_MESSAGE);
    courseId = wanted;
  }

  const now = ctx.clock.now();
  const day = beijingDay(now);
  await ctx.db.transaction(async (tx) => {
    const [previous] = await tx
      .select()
      .from(studentOnline)
      .where(and(eq(studentOnline.schoolId, schoolId), eq(studentOnline.userId, userId)))
      .for('update');
    const continues = previous !== undefined && previous.lastActiveAt >= now - ONLINE_WINDOW_MS;
    const delta = continues ? Math.max(0, now - previous.lastActiveAt) : 0;
    const onlineSince = continues ? previous.onlineSince : now;
    const lastActiveAt = Math.max(previous?.lastActiveAt ?? now, now);
    await tx
      .insert(studentOnline)
      .values({ schoolId, userId, onlineSince, lastActiveAt })
      .onConflictDoUpdate({
        target: [studentOnline.schoolId, studentOnline.userId],
        set: { onlineSince, lastActiveAt },
      });
    await addActivity(tx, { schoolId, userId, courseId: 0, day }, delta, now);
    if (courseId !== null) await addActivity(tx, { schoolId, userId, courseId, day }, delta, now);
  });
  return {
    schoolId: String(schoolId),
    lastActiveAt: now,
    nextRefreshAfter: REFRESH_INTERVAL_MS,
    serverTime: now,
  };
}
