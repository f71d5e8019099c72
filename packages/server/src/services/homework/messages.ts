import { and, desc, eq, inArray, notExists, type SQL, sql } from 'drizzle-orm';
import type { WorkMessage } from '@dfrm/sdk/tms/types';
import type { Input } from '../../contract/types';
import { lockRowsForUpdate, transactionWithRetry } from '../../db/retry';
import { courseWorks, studentWorks, workMessages } from '../../db/schema/homework';
import { courses } from '../../db/schema/teaching';
import { chinaDate, chinaTime } from '../../lib/china-time';
import { DAY_MS } from '../../lib/clock';
import { offsetOf } from '../../lib/paging';
import type { AuthedCall, AuthedContext } from '../context';
import { resolveSchoolId } from '../school/resolve-school';
import { mine, myStudentWorkOn } from './my-work';

/** A reminder goes out once a work not yet handed in is due within this time. */
export const DUE_SOON_MS = DAY_MS;

/**
 * Writes the caller's 即将截止 reminders (type 2): one per student work and
 * account, for works due within 24 hours that are not handed in (or were
 * returned). There is no background job runner yet, so the reminders are made
 * when the student next reads their messages: a reminder that nobody could
 * have read yet is not missed.
 */
async function remindDueSoon(ctx: AuthedContext, schoolId: number): Promise<void> {
  const now = ctx.clock.now();
  const userId = ctx.auth.userId;
  const reminded = ctx.db
    .select({ one: sql`1` })
    .from(workMessages)
    .where(
      and(
        eq(workMessages.userId, userId),
        eq(workMessages.type, 2),
        eq(workMessages.studentWorkId, studentWorks.id),
      ),
    );
  const due = await ctx.db
    .select({ studentWorkId: studentWorks.id, work: courseWorks })
    .from(studentWorks)
    .innerJoin(courseWorks, eq(courseWorks.id, studentWorks.workId))
    .where(
      and(
        mine(ctx.db, schoolId, userId),
        inArray(studentWorks.status, [0, 3]),
        sql`${courseWorks.startTime} <= ${now}`,
        sql`${courseWorks.endTime} > ${now}`,
        sql`${courseWorks.endTime} <= ${now + DUE_SOON_MS}`,
        notExists(reminded),
      ),
    );
  if (due.length === 0) return;
  await transactionWithRetry(ctx.db, async (tx) => {
    const ids = due.map((row) => row.studentWorkId);
    // a group's members and a second tab read at once: one reminder per account all the same
    await lockRowsForUpdate(tx, studentWorks.id, ids);
    const already = await tx
      .select({ id: workMessages.studentWorkId })
      .from(workMessages)
      .where(
        and(
          eq(workMessages.userId, userId),
          eq(workMessages.type, 2),
          inArray(workMessages.studentWorkId, ids),
        ),
      );
    const done = new Set(already.map((row) => row.id));
    const fresh = due.filter((row) => !done.has(row.studentWorkId));
    if (fresh.length === 0) return;
    await tx.insert(workMessages).values(
      fresh.map(({ studentWorkId, work }) => ({
        schoolId,
        userId,
        workId: work.id,
        studentWorkId,
        type: 2 as const,
        title: work.title,
        content: `作业即将截止：${chinaDate(work.endTime)} ${chinaTime(work.endTime)} 截止，请尽快提交`,
        createdAt: now,
      })),
    );
  });
}

/** POST /tms-server/myWork/getWorkMessage: the caller's homework messages, newest first. */
export async function getWorkMessage({
  ctx,
  input,
}: AuthedCall<Input<'getWorkMessage'>>): Promise<{ list: WorkMessage[]; total: number }> {
  const schoolId = await resolveSchoolId(ctx, input.schoolId);
  const conditions: SQL[] = [eq(workMessages.userId, ctx.auth.userId), eq(workMessages.schoolId, schoolId)];
  if (input.workId !== undefined) {
    // the same answers as the work's own page: 6 unknown (or a draft), 5 not given to the caller
    const { work } = await myStudentWorkOn(ctx, schoolId, input.workId);
    conditions.push(eq(workMessages.workId, work.id));
  }
  if (input.type !== undefined) conditions.push(eq(workMessages.type, input.type));
  await remindDueSoon(ctx, schoolId);
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select({ message: workMessages, courseName: courses.name })
      .from(workMessages)
      .innerJoin(courseWorks, eq(courseWorks.id, workMessages.workId))
      .innerJoin(courses, eq(courses.id, courseWorks.courseId))
      .where(where)
      .orderBy(desc(workMessages.createdAt), desc(workMessages.id))
      .limit(input.pageSize)
      .offset(offsetOf(input)),
    ctx.db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(workMessages)
      .where(where),
  ]);
  return {
    list: rows.map(({ message, courseName }) => ({
      messageId: String(message.id),
      type: message.type,
      workId: String(message.workId),
      studentWorkId: String(message.studentWorkId),
      courseName,
      title: message.title,
      content: message.content,
      createdAt: message.createdAt,
    })),
    total: total?.n ?? 0,
  };
}
