import { and, asc, eq, inArray, lt, type SQL, sql } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { Db } from '../../db/client';
import { done, groupRead } from '../../db/group-commit';
import { transactionWithRetry } from '../../db/retry';
import {
  type ExamAnswerRow,
  examAnswers,
  type ExamExaminerRow,
  examExaminers,
  type ExamQuestionRow,
  examQuestions,
  type ExamRow,
  exams,
  type ExamSubmitType,
} from '../../db/schema/exam';
import type { ServiceContext } from '../context';
import { versionOf } from './access';
import { type Grade, gradeObjective, isObjective } from './paper';

// An attempt's end: grading what was saved, and the server's own submission of attempts whose
// time is up, whether or not the browser is still there.

/** After an attempt's deadline its saves are still taken for this long (sent before the network went down). */
export const GRACE_MS = 30_000;

const MINUTE_MS = 60_000;

/**
 * When an attempt entered at `enterTime` ends: its duration after entering, cut off at the exam's
 * end; a student's extra minutes move both.
 */
export function deadlineOf(
  exam: Pick<ExamRow, 'duration' | 'endTime'>,
  enterTime: number,
  extraMinutes: number,
): number {
  const extra = extraMinutes * MINUTE_MS;
  return Math.min(enterTime + exam.duration * MINUTE_MS + extra, exam.endTime + extra);
}

/** The same in SQL, for attempts under way when the end or a student's extra time changes. */
export function deadlineSql(exam: Pick<ExamRow, 'duration' | 'endTime'>): SQL {
  // bigint throughout: epoch milliseconds overflow an integer
  const extra = sql`${examExaminers.extraMinutes}::bigint * ${MINUTE_MS}::bigint`;
  return sql`least(${examExaminers.enterTime} + ${exam.duration * MINUTE_MS}::bigint + ${extra}, ${exam.endTime}::bigint + ${extra})`;
}

function sum(values: readonly number[]): number {
  return Math.round(values.reduce((total, value) => total + value, 0) * 100) / 100;
}

export interface Totals {
  objectiveScore: number;
  subjectiveScore: number | null;
  score: number;
  markStatus: 0 | 1;
}

/**
 * Grades a submitted attempt's objective answers (those the teacher did not score by hand) and
 * sums its totals: 已出分 once every subjective question has a teacher's score.
 */
export async function gradeAttempt(
  tx: Db,
  examId: number,
  userId: number,
  questions: readonly ExamQuestionRow[],
): Promise<Totals> {
  const answers = await tx
    .select()
    .from(examAnswers)
    .where(and(eq(examAnswers.examId, examId), eq(examAnswers.userId, userId)));
  const byQuestion = new Map<number, ExamAnswerRow>(answers.map((row) => [row.questionId, row]));
  const objective: number[] = [];
  const subjective: number[] = [];
  let unmarked = 0;
  for (const question of questions) {
    const row = byQuestion.get(question.id);
    if (isObjective(question.type)) {
      if (row?.markedByTeacher) {
        objective.push(row.gotScore ?? 0);
        continue;
      }
      const { gotScore } = gradeObjective(question, row?.answer ?? []);
      objective.push(gotScore);
      if (row && row.gotScore !== gotScore) {
        await tx
          .update(examAnswers)
          .set({ gotScore })
          .where(
            and(
              eq(examAnswers.examId, examId),
              eq(examAnswers.userId, userId),
              eq(examAnswers.questionId, question.id),
            ),
          );
      }
    } else if (row?.markedByTeacher && row.gotScore !== null) {
      subjective.push(row.gotScore);
    } else {
      unmarked += 1;
    }
  }
  const objectiveScore = sum(objective);
  const subjectiveScore = subjective.length > 0 ? sum(subjective) : null;
  return {
    objectiveScore,
    subjectiveScore,
    score: sum([objectiveScore, subjectiveScore ?? 0]),
    markStatus: unmarked === 0 ? 1 : 0,
  };
}

/** An objective question's grade for a stored answer: the teacher's score when they set one. */
export function gradeObjectiveOf(
  question: ExamQuestionRow,
  row: Pick<ExamAnswerRow, 'answer' | 'gotScore' | 'markedByTeacher'> | undefined,
): Grade {
  if (row?.markedByTeacher && row.gotScore !== null) {
    return { gotScore: row.gotScore, correct: row.gotScore >= question.score };
  }
  return gradeObjective(question, row?.answer ?? []);
}

/**
 * The questions of exams, a burst's lookups in one statement (on PostgreSQL, where there is no
 * read cache, a class saving answers together would otherwise read the paper once per save).
 */
const questionsOfExams = groupRead<number, ExamQuestionRow[]>({
  maxBatch: 50,
  keyOf: (examId) => String(examId),
  async run(db, examIds) {
    const rows = await db
      .select()
      .from(examQuestions)
      .where(inArray(examQuestions.examId, [...examIds]))
      .orderBy(asc(examQuestions.examId), asc(examQuestions.orderNo));
    return examIds.map((examId) => done(rows.filter((row) => row.examId === examId)));
  },
});

/**
 * The questions of published exams, kept per exam and row version (access.ts, versionOf). A
 * published exam's questions cannot change (an update that would change them is refused until it is
 * withdrawn), and any change of them writes the exam row in the same transaction; so a kept list is
 * exact in every process, while the exam row itself is read fresh each time. On PostgreSQL this
 * spares a class saving answers the paper's rows, read and parsed once per batch, and lets the
 * paper's serialisations (my-exams.ts, cached per list) serve every batch.
 */
const publishedQuestions = new LRUCache<string, readonly ExamQuestionRow[]>({ max: 200 });

/** An exam's questions for a request outside a transaction: from the read cache where there is one (see examById). */
export async function questionsFor(ctx: ServiceContext, exam: ExamRow): Promise<readonly ExamQuestionRow[]> {
  if (ctx.readCache) {
    return ctx.readCache.read(`exam-questions\u0000${exam.id}`, (db) => questionsOf(db, exam.id));
  }
  const version = versionOf(exam);
  if (exam.upDownStatus !== 1 || version === undefined) return questionsOfExams(ctx.db, exam.id);
  const key = `${exam.id}\u0000${version}`;
  const kept = publishedQuestions.get(key);
  if (kept) return kept;
  const questions = await questionsOfExams(ctx.db, exam.id);
  publishedQuestions.set(key, questions);
  return questions;
}

export async function questionsOf(db: Db, examId: number): Promise<ExamQuestionRow[]> {
  return db
    .select()
    .from(examQuestions)
    .where(eq(examQuestions.examId, examId))
    .orderBy(asc(examQuestions.orderNo));
}

/** Ends an open attempt (the caller holds its row lock): graded, 已交卷. */
export async function submitAttempt(
  tx: Db,
  exam: ExamRow,
  examiner: ExamExaminerRow,
  submitType: ExamSubmitType,
  submitTime: number,
): Promise<ExamExaminerRow> {
  const questions = await questionsOf(tx, exam.id);
  const totals = await gradeAttempt(tx, exam.id, examiner.userId, questions);
  const [row] = await tx
    .update(examExaminers)
    .set({ attendStatus: 2, submitTime, submitType, ...totals })
    .where(and(eq(examExaminers.examId, exam.id), eq(examExaminers.userId, examiner.userId)))
    .returning();
  return row!;
}

/**
 * Submits, with what was saved, every attempt of the exam (or of these students) still open
 * 30 s after its deadline: 到时自动交卷 at its deadline. Called before an attempt is read or
 * written, and by the sweep for the rest; rows another process holds are left to it (SKIP LOCKED).
 */
export async function submitOverdueAttempts(
  db: Db,
  now: number,
  scope: { examId?: number; userIds?: readonly number[] } = {},
  limit = 200,
): Promise<number> {
  const conditions = [eq(examExaminers.attendStatus, 1), lt(examExaminers.deadline, now - GRACE_MS)];
  if (scope.examId !== undefined) conditions.push(eq(examExaminers.examId, scope.examId));
  if (scope.userIds !== undefined) {
    if (scope.userIds.length === 0) return 0;
    conditions.push(inArray(examExaminers.userId, [...scope.userIds]));
  }
  // cheap check first: most reads find nothing overdue and take no lock
  const [due] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(examExaminers)
    .where(and(...conditions));
  if (!due || due.n === 0) return 0;
  return transactionWithRetry(db, async (tx) => {
    const rows = await tx
      .select()
      .from(examExaminers)
      .where(and(...conditions))
      .orderBy(asc(examExaminers.examId), asc(examExaminers.userId))
      .limit(limit)
      .for('update', { skipLocked: true });
    const examsById = new Map<number, ExamRow>();
    for (const row of rows) {
      let exam = examsById.get(row.examId);
      if (!exam) {
        [exam] = await tx.select().from(exams).where(eq(exams.id, row.examId));
        if (!exam) continue;
        examsById.set(exam.id, exam);
      }
      await submitAttempt(tx, exam, row, 1, row.deadline ?? now);
    }
    return rows.length;
  });
}
