import type { QuizBrief, QuizDetail } from '@dfrm/sdk/tms/types';
import { and, asc, count, eq, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { transactionWithRetry } from '../../db/retry';
import {
  quizAnswers,
  quizClasses,
  type QuizPaperRow,
  quizPapers,
  type QuizQuestionRow,
  quizQuestions,
  type QuizRow,
  type QuizStatus,
  quizzes,
} from '../../db/schema/quiz';
import { courses, teachingClasses } from '../../db/schema/teaching';
import { MINUTE_MS } from '../../lib/clock';
import { ForbiddenError, NotFoundError } from '../../lib/errors';
import { idOrNotFound } from '../../lib/ids';
import type { AuthedContext } from '../context';
import { studentTeachingClassIds } from '../course/student-audience';
import { GRACE_MS } from '../exam/attempt';
import { UNKNOWN_USER, userBriefs } from '../teaching-content/shared';
import { gradeQuizAnswer, sumScores, teacherQuestion } from './questions';

// Finding quizzes and papers for a caller, a quiz's status by the server's clock, and the end of
// a paper: graded at hand-in, or by the server once its time (and grace) is up.

export const QUIZ_NOT_FOUND_MESSAGE = '测验不存在';
export const NOT_YOUR_QUIZ_MESSAGE = '这不是您出的测验';
export const PAPER_NOT_FOUND_MESSAGE = '答卷不存在';

/** The status shown: a published quiz past its end has ended. */
export function statusOf(quiz: Pick<QuizRow, 'status' | 'endTime'>, now: number): QuizStatus {
  return quiz.status === 1 && now >= quiz.endTime ? 2 : quiz.status;
}

/** The same as a condition on the quizzes table. */
export function statusCondition(status: QuizStatus, now: number): SQL {
  if (status === 0) return eq(quizzes.status, 0);
  if (status === 1) return and(eq(quizzes.status, 1), sql`${quizzes.endTime} > ${now}`)!;
  return or(eq(quizzes.status, 2), and(eq(quizzes.status, 1), sql`${quizzes.endTime} <= ${now}`))!;
}

/** Can a student start (or go on with) a paper now? Published, inside its window. */
export function isOpen(quiz: QuizRow, now: number): boolean {
  return statusOf(quiz, now) === 1 && now >= quiz.startTime;
}

/** A new paper's deadline: its time limit after the start, cut off at the quiz's end. */
export function deadlineOf(quiz: Pick<QuizRow, 'durationMinutes' | 'endTime'>, startedAt: number): number {
  return quiz.durationMinutes > 0
    ? Math.min(startedAt + quiz.durationMinutes * MINUTE_MS, quiz.endTime)
    : quiz.endTime;
}

export async function quizById(db: Db, rawId: string): Promise<QuizRow> {
  const id = idOrNotFound(rawId, QUIZ_NOT_FOUND_MESSAGE);
  const [quiz] = await db.select().from(quizzes).where(eq(quizzes.id, id));
  if (!quiz) throw new NotFoundError(QUIZ_NOT_FOUND_MESSAGE);
  return quiz;
}

/** The calling teacher's quiz: 6 when there is none, 5 when it is another teacher's. */
export async function ownQuiz(ctx: AuthedContext, rawId: string): Promise<QuizRow> {
  const quiz = await quizById(ctx.db, rawId);
  if (quiz.teacherUserId !== ctx.auth.userId) throw new ForbiddenError(NOT_YOUR_QUIZ_MESSAGE);
  return quiz;
}

export async function classIdsOfQuiz(db: Db, quizId: number): Promise<number[]> {
  const rows = await db
    .select({ id: quizClasses.teachingClassId })
    .from(quizClasses)
    .where(eq(quizClasses.quizId, quizId))
    .orderBy(asc(quizClasses.teachingClassId));
  return rows.map((row) => row.id);
}

/**
 * The quiz's teaching classes the calling student is in (lowest id first), in the quiz's school;
 * empty when the quiz is not sent to them.
 */
export async function studentClassesOfQuiz(ctx: AuthedContext, quiz: QuizRow): Promise<number[]> {
  const rows = await ctx.db
    .select({ id: quizClasses.teachingClassId })
    .from(quizClasses)
    .where(
      and(
        eq(quizClasses.quizId, quiz.id),
        inArray(quizClasses.teachingClassId, studentTeachingClassIds(ctx.db, quiz.schoolId, ctx.auth.userId)),
      ),
    )
    .orderBy(asc(quizClasses.teachingClassId));
  return rows.map((row) => row.id);
}

/** A condition: the quiz is sent to a teaching class the student (userId, in the quiz's school) is in. */
export function sentToStudent(db: Db, schoolId: number, userId: number): SQL {
  return sql`exists (select 1 from ${quizClasses} where ${quizClasses.quizId} = ${quizzes.id} and ${inArray(
    quizClasses.teachingClassId,
    studentTeachingClassIds(db, schoolId, userId),
  )})`;
}

export async function questionsOf(db: Db, quizId: number): Promise<QuizQuestionRow[]> {
  return db
    .select()
    .from(quizQuestions)
    .where(eq(quizQuestions.quizId, quizId))
    .orderBy(asc(quizQuestions.sortNo));
}

/** A paper's saved answers by question id. */
export async function answersOf(db: Db, paperId: number): Promise<Map<number, string[]>> {
  const rows = await db
    .select({ questionId: quizAnswers.questionId, answer: quizAnswers.answer })
    .from(quizAnswers)
    .where(eq(quizAnswers.paperId, paperId));
  return new Map(rows.map((row) => [row.questionId, row.answer]));
}

/** Hands a paper in (the caller holds its row): graded from its saved answers. */
export async function submitPaper(
  tx: Db,
  paper: QuizPaperRow,
  status: 1 | 2,
  submittedAt: number,
): Promise<QuizPaperRow> {
  const [questions, answers] = await Promise.all([questionsOf(tx, paper.quizId), answersOf(tx, paper.id)]);
  const grades = questions.map((question) => gradeQuizAnswer(question, answers.get(question.id) ?? []));
  const [row] = await tx
    .update(quizPapers)
    .set({
      status,
      submittedAt,
      score: sumScores(grades.map((grade) => grade.gotScore)),
      correctCount: grades.filter((grade) => grade.correct).length,
    })
    .where(eq(quizPapers.id, paper.id))
    .returning();
  return row!;
}

/** Is a paper still answering after its time and grace, or of a quiz the teacher ended? */
export function isOverdue(paper: QuizPaperRow, quiz: Pick<QuizRow, 'status'>, now: number): boolean {
  return paper.status === 0 && (quiz.status === 2 || now > paper.deadline + GRACE_MS);
}

/**
 * Hands in, by the server, the papers (of a quiz, or of a student) still open after their deadline
 * and grace: at their deadline, with what was saved. Called before papers are read; rows another
 * request holds are left to it.
 */
export async function settleOverduePapers(
  db: Db,
  now: number,
  scope: { quizId?: number; userId?: number },
): Promise<void> {
  const conditions = [eq(quizPapers.status, 0), lt(quizPapers.deadline, now - GRACE_MS)];
  if (scope.quizId !== undefined) conditions.push(eq(quizPapers.quizId, scope.quizId));
  if (scope.userId !== undefined) conditions.push(eq(quizPapers.userId, scope.userId));
  // cheap check first: most reads find nothing overdue and take no lock
  const [due] = await db
    .select({ n: count() })
    .from(quizPapers)
    .where(and(...conditions));
  if (!due || due.n === 0) return;
  await transactionWithRetry(db, async (tx) => {
    const rows = await tx
      .select()
      .from(quizPapers)
      .where(and(...conditions))
      .orderBy(asc(quizPapers.id))
      .for('update', { skipLocked: true });
    for (const row of rows) await submitPaper(tx, row, 2, row.deadline);
  });
}

/** Hands in every open paper of a quiz now (the teacher ended it, or distributes its answers). */
export async function submitOpenPapers(tx: Db, quiz: QuizRow, now: number): Promise<void> {
  const rows = await tx
    .select()
    .from(quizPapers)
    .where(and(eq(quizPapers.quizId, quiz.id), eq(quizPapers.status, 0)))
    .orderBy(asc(quizPapers.id))
    .for('update');
  for (const row of rows) await submitPaper(tx, row, 2, Math.min(row.deadline, now));
}

/** Briefs of quizzes with course names, classes and counts, in the order given. */
export async function quizBriefs(db: Db, rows: readonly QuizRow[], now: number): Promise<QuizBrief[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [names, classes] = await Promise.all([
    db
      .select({ id: courses.id, name: courses.name })
      .from(courses)
      .where(inArray(courses.id, [...new Set(rows.map((row) => row.courseId))])),
    db
      .select({ quizId: quizClasses.quizId, classId: teachingClasses.id, className: teachingClasses.name })
      .from(quizClasses)
      .innerJoin(teachingClasses, eq(teachingClasses.id, quizClasses.teachingClassId))
      .where(inArray(quizClasses.quizId, ids))
      .orderBy(asc(teachingClasses.id)),
  ]);
  const courseName = new Map(names.map((row) => [row.id, row.name]));
  const classesOf = new Map<number, { classId: string; className: string }[]>();
  for (const row of classes) {
    const list = classesOf.get(row.quizId) ?? [];
    list.push({ classId: String(row.classId), className: row.className });
    classesOf.set(row.quizId, list);
  }
  return rows.map((row) => ({
    quizId: String(row.id),
    quizName: row.name,
    courseId: String(row.courseId),
    courseName: courseName.get(row.courseId) ?? '',
    classes: classesOf.get(row.id) ?? [],
    status: statusOf(row, now),
    startTime: row.startTime,
    endTime: row.endTime,
    durationMinutes: row.durationMinutes,
    questionCount: row.questionCount,
    totalScore: row.totalScore,
    answersDistributed: row.answersDistributed,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  }));
}

export async function submittedCountOf(db: Db, quizId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(quizPapers)
    .where(and(eq(quizPapers.quizId, quizId), sql`${quizPapers.status} > 0`));
  return row?.n ?? 0;
}

export async function quizDetail(db: Db, quiz: QuizRow, now: number): Promise<QuizDetail> {
  const [[brief], questions, teachers, submitted] = await Promise.all([
    quizBriefs(db, [quiz], now),
    questionsOf(db, quiz.id),
    userBriefs(db, [quiz.teacherUserId]),
    submittedCountOf(db, quiz.id),
  ]);
  return {
    ...brief!,
    description: quiz.description,
    teacher: teachers.get(quiz.teacherUserId) ?? UNKNOWN_USER,
    submittedCount: submitted,
    questions: questions.map(teacherQuestion),
  };
}

/** The calling student's paper: 6 when there is none or it is another student's. */
export async function ownPaper(db: Db, userId: number, rawId: string): Promise<QuizPaperRow> {
  const id = idOrNotFound(rawId, PAPER_NOT_FOUND_MESSAGE);
  const [paper] = await db.select().from(quizPapers).where(eq(quizPapers.id, id));
  if (!paper || paper.userId !== userId) throw new NotFoundError(PAPER_NOT_FOUND_MESSAGE);
  return paper;
}
