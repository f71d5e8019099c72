import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { done, groupRead } from '../../db/group-commit';
import { rowsTable } from '../../db/rows-table';
import type { Db } from '../../db/client';
import {
  type ExamAttendStatus,
  type ExamExaminerRow,
  examExaminers,
  type ExamRow,
  exams,
} from '../../db/schema/exam';
import { ForbiddenError, NotFoundError } from '../../lib/errors';
import { idOrNotFound } from '../../lib/ids';
import type { AuthedContext, ServiceContext } from '../context';

export const EXAM_NOT_FOUND_MESSAGE = '考试不存在';
export const NOT_YOUR_EXAM_MESSAGE = '这不是您创建的考试';
export const NOT_EXAMINER_MESSAGE = '您不在这场考试的考生名单中';
export const EXAMINER_NOT_FOUND_MESSAGE = '该学生不在考生名单中';

/** 0 未开始, 1 进行中, 2 已结束, by the server's clock. */
export function phaseOf(exam: Pick<ExamRow, 'startTime' | 'endTime'>, now: number): 0 | 1 | 2 {
  if (now < exam.startTime) return 0;
  return now < exam.endTime ? 1 : 2;
}

/** The attend status shown: one who never entered an exam that has ended is 缺考 (3). */
export function attendStatusOf(
  examiner: Pick<ExamExaminerRow, 'attendStatus'>,
  exam: Pick<ExamRow, 'endTime'>,
  now: number,
): ExamAttendStatus {
  return examiner.attendStatus === 0 && now >= exam.endTime ? 3 : examiner.attendStatus;
}

/**
 * The version of an exam row as examsById read it: PostgreSQL's `xmin`, the transaction that last
 * wrote the row. Any change of the exam or its questions writes the row, so (id, version) names one
 * state of an exam exactly, in every process, across ids reused after a restore (attempt.ts keeps
 * published papers by it).
 */
const rowVersions = new WeakMap<ExamRow, string>();

export const versionOf = (exam: ExamRow): string | undefined => rowVersions.get(exam);

/** Exams by id, a burst's lookups in one statement (where there is no read cache: PostgreSQL). */
const examsById = groupRead<number, ExamRow | null>({
  maxBatch: 50,
  keyOf: (id) => String(id),
  async run(db, ids) {
    const rows = await db
      .select({ exam: exams, version: sql<string>`${exams}.xmin::text` })
      .from(exams)
      .where(inArray(exams.id, [...ids]));
    for (const { exam, version } of rows) rowVersions.set(exam, version);
    return ids.map((id) => done(rows.find((row) => row.exam.id === id)?.exam ?? null));
  },
});

/**
 * An exam by its id from the wire. Exams change seldom and are read by every request of an exam
 * (a thousand students saving at once): on the embedded database the read cache answers it until
 * the exams table changes (db/read-cache.ts).
 */
export async function examById(ctx: ServiceContext, rawId: string): Promise<ExamRow> {
  const id = idOrNotFound(rawId, EXAM_NOT_FOUND_MESSAGE);
  const read = async (db: Db) => (await db.select().from(exams).where(eq(exams.id, id)))[0] ?? null;
  const exam = ctx.readCache
    ? await ctx.readCache.read(`exam\u0000${id}`, read)
    : await examsById(ctx.db, id);
  if (!exam) throw new NotFoundError(EXAM_NOT_FOUND_MESSAGE);
  return exam;
}

/** An exam the calling teacher created: 6 when there is none, 5 when it is another teacher's. */
export async function ownExam(ctx: AuthedContext, rawId: string): Promise<ExamRow> {
  const exam = await examById(ctx, rawId);
  if (exam.creatorUserId !== ctx.auth.userId) throw new ForbiddenError(NOT_YOUR_EXAM_MESSAGE);
  return exam;
}

/**
 * A published exam and the calling student's place on its list: 6 when the exam does not exist
 * or is withdrawn (students do not see it), 5 when they are not on the list.
 */
export async function examOfStudent(
  ctx: AuthedContext,
  rawId: string,
): Promise<{ exam: ExamRow; examiner: ExamExaminerRow }> {
  const exam = await examById(ctx, rawId);
  if (exam.upDownStatus !== 1) throw new NotFoundError(EXAM_NOT_FOUND_MESSAGE);
  const examiner = await examinerOf(ctx.db, exam.id, ctx.auth.userId);
  if (!examiner) throw new ForbiddenError(NOT_EXAMINER_MESSAGE);
  return { exam, examiner };
}

/** The rows of these (exam, student) pairs: `(exam_id, user_id) in` one JSON parameter of pairs. */
function ofPairs(pairs: readonly { examId: number; userId: number }[]) {
  return sql`(${examExaminers.examId}, ${examExaminers.userId}) in (select v.exam_id, v.user_id from ${rowsTable(
    pairs.map((pair) => ({ exam_id: pair.examId, user_id: pair.userId })),
    'exam_id bigint, user_id bigint',
  )})`;
}

/**
 * Examiner rows by (exam, student), a burst's lookups in one statement: at an exam's opening every
 * student's attention page asks at once whether its student may enter.
 */
const examinersByPair = groupRead<{ examId: number; userId: number }, ExamExaminerRow | undefined>({
  maxBatch: 500,
  keyOf: (pair) => attemptKey(pair),
  async run(db, pairs) {
    const rows = await db.select().from(examExaminers).where(ofPairs(pairs));
    const byKey = new Map(rows.map((row) => [attemptKey(row), row]));
    return pairs.map((pair) => done(byKey.get(attemptKey(pair))));
  },
});

export function examinerOf(db: Db, examId: number, userId: number): Promise<ExamExaminerRow | undefined> {
  return examinersByPair(db, { examId, userId });
}

/**
 * Locks the examiner rows of these (exam, student) pairs, in one order (exam, then student) so two
 * transactions locking overlapping sets queue up instead of deadlocking. Keyed `examId:userId`.
 */
export async function lockExaminers(
  tx: Db,
  pairs: readonly { examId: number; userId: number }[],
): Promise<Map<string, ExamExaminerRow>> {
  const rows = await tx
    .select()
    .from(examExaminers)
    .where(ofPairs(pairs))
    .orderBy(asc(examExaminers.examId), asc(examExaminers.userId))
    .for('update');
  return new Map(rows.map((row) => [attemptKey(row), row]));
}

/** The key of a student's attempt at an exam. */
export const attemptKey = (pair: { examId: number; userId: number }): string =>
  `${pair.examId}:${pair.userId}`;

/** The examiner's row locked for the rest of the transaction (one attempt changes at a time). */
export async function lockExaminer(
  tx: Db,
  examId: number,
  userId: number,
): Promise<ExamExaminerRow | undefined> {
  const [row] = await tx
    .select()
    .from(examExaminers)
    .where(and(eq(examExaminers.examId, examId), eq(examExaminers.userId, userId)))
    .for('update');
  return row;
}
