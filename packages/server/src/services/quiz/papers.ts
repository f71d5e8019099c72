import type { QuizPaper, QuizPaperResult, QuizPaperResultEx, QuizProgress } from '@dfrm/sdk/tms/types';
import { and, asc, count, desc, eq, lt, sql } from 'drizzle-orm';
import type { Input, Output } from '../../contract/types';
import type { Db } from '../../db/client';
import { transactionWithRetry } from '../../db/retry';
import {
  quizAnswers,
  type QuizPaperRow,
  quizPapers,
  type QuizQuestionRow,
  quizQuestions,
  type QuizRow,
  quizzes,
} from '../../db/schema/quiz';
import { students } from '../../db/schema/school';
import { courses } from '../../db/schema/teaching';
import { ConflictError, ForbiddenError, NotFoundError, RefusedError } from '../../lib/errors';
import { idOrNotFound } from '../../lib/ids';
import { offsetOf } from '../../lib/paging';
import type { AuthedCall, AuthedContext } from '../context';
import {
  answersOf,
  deadlineOf,
  isOverdue,
  ownPaper,
  PAPER_NOT_FOUND_MESSAGE,
  questionsOf,
  quizById,
  settleOverduePapers,
  statusOf,
  studentClassesOfQuiz,
  submitPaper,
} from './access';
import { isAnswered } from '../exam/paper';
import { blankCountOfQuestion, cleanQuizAnswer, paperQuestion, resultItem, wireAnswer } from './questions';

// A student's paper: starting it, saving answer by answer (committed before the answer), handing
// it in, and the results (the key and analysis only once the teacher has distributed them).

const QUESTION_NOT_IN_PAPER_MESSAGE = '题目不在该答卷中';
const NOT_IN_QUIZ_CLASS_MESSAGE = '您不在这个测验所发布的教学班中';

/**
 * Runs `fn` in a transaction holding the student's paper row (one change of a paper at a time):
 * 6 when it is not theirs. A paper whose time and grace are up (or whose quiz the teacher ended)
 * is handed in by the server first, in a transaction of its own, so `fn` sees it handed in.
 */
async function inPaper<T>(
  ctx: AuthedContext,
  rawId: string,
  fn: (tx: Db, paper: QuizPaperRow, quiz: QuizRow, now: number) => Promise<T>,
): Promise<T> {
  const id = idOrNotFound(rawId, PAPER_NOT_FOUND_MESSAGE);
  for (;;) {
    const now = ctx.clock.now();
    const outcome = await transactionWithRetry(ctx.db, async (tx) => {
      const [paper] = await tx.select().from(quizPapers).where(eq(quizPapers.id, id)).for('update');
      if (!paper || paper.userId !== ctx.auth.userId) throw new NotFoundError(PAPER_NOT_FOUND_MESSAGE);
      const [quiz] = await tx.select().from(quizzes).where(eq(quizzes.id, paper.quizId));
      if (!quiz) throw new NotFoundError(PAPER_NOT_FOUND_MESSAGE);
      if (isOverdue(paper, quiz, now)) {
        await submitPaper(tx, paper, 2, Math.min(paper.deadline, now));
        return { settled: true as const };
      }
      return { settled: false as const, value: await fn(tx, paper, quiz, now) };
    });
    if (!outcome.settled) return outcome.value;
  }
}

function progressOf(
  paper: QuizPaperRow,
  questions: readonly QuizQuestionRow[],
  answers: Map<number, string[]>,
  now: number,
): QuizProgress {
  const unanswered = questions.filter((question) => !isAnswered(answers.get(question.id) ?? []));
  return {
    paperId: String(paper.id),
    status: paper.status,
    answeredCount: questions.length - unanswered.length,
    questionCount: questions.length,
    unansweredQuIds: unanswered.map((question) => String(question.id)),
    deadline: paper.deadline,
    serverTime: now,
  };
}

async function paperView(tx: Db, paper: QuizPaperRow, quiz: QuizRow, now: number): Promise<QuizPaper> {
  const [questions, answers] = await Promise.all([questionsOf(tx, quiz.id), answersOf(tx, paper.id)]);
  return {
    paperId: String(paper.id),
    quizId: String(quiz.id),
    quizName: quiz.name,
    status: paper.status,
    startedAt: paper.startedAt,
    deadline: paper.deadline,
    serverTime: now,
    totalScore: quiz.totalScore,
    questions: questions.map((question) =>
      paperQuestion(question, isAnswered(answers.get(question.id) ?? [])),
    ),
  };
}

export function paperResult(paper: QuizPaperRow, quiz: QuizRow): QuizPaperResult {
  const submittedAt = paper.submittedAt ?? paper.deadline;
  return {
    paperId: String(paper.id),
    quizId: String(quiz.id),
    quizName: quiz.name,
    status: paper.status,
    score: paper.score ?? 0,
    totalScore: quiz.totalScore,
    correctCount: paper.correctCount ?? 0,
    questionCount: quiz.questionCount,
    startedAt: paper.startedAt,
    submittedAt,
    durationSeconds: Math.max(0, Math.floor((submittedAt - paper.startedAt) / 1000)),
    answersDistributed: quiz.answersDistributed,
  };
}

/** A handed-in paper's result with every question and the class's average and rank (同分同名次). */
export async function paperResultEx(
  db: Db,
  paper: QuizPaperRow,
  quiz: QuizRow,
  revealKey: boolean,
): Promise<QuizPaperResultEx> {
  const [questions, answers, [classStats]] = await Promise.all([
    questionsOf(db, quiz.id),
    answersOf(db, paper.id),
    db
      .select({
        n: count(),
        average: sql<number | null>`avg(${quizPapers.score})`.mapWith((value) =>
          value === null ? null : Number(value),
        ),
        above: sql<number>`count(*) filter (where ${quizPapers.score} > ${paper.score ?? 0})::int`,
      })
      .from(quizPapers)
      .where(
        and(
          eq(quizPapers.quizId, quiz.id),
          eq(quizPapers.teachingClassId, paper.teachingClassId),
          sql`${quizPapers.status} > 0`,
        ),
      ),
  ]);
  const handedIn = paper.status > 0;
  return {
    ...paperResult(paper, quiz),
    items: questions.map((question) => resultItem(question, answers.get(question.id) ?? [], revealKey)),
    classAverage:
      classStats?.average === null || classStats?.average === undefined
        ? null
        : Math.round(classStats.average * 100) / 100,
    rank: handedIn ? (classStats?.above ?? 0) + 1 : null,
    rankTotal: classStats?.n ?? 0,
  };
}

function notHandedIn(): RefusedError {
  return new RefusedError('答卷还在答题中，交卷后才能查看成绩');
}

/** The reason a student cannot start a quiz now (errCode 1), or null. */
function closedReason(quiz: QuizRow, now: number): string | null {
  const status = statusOf(quiz, now);
  if (status === 0) return '测验未发布';
  if (status === 2) return '测验已结束';
  if (now < quiz.startTime) return '测验还未开始';
  return null;
}

export async function quizPaperCreate({
  ctx,
  input,
}: AuthedCall<Input<'quizPaperCreate'>>): Promise<Output<'quizPaperCreate'>> {
  const found = await quizById(ctx.db, input.quizId);
  const classIds = await studentClassesOfQuiz(ctx, found);
  if (classIds.length === 0) throw new ForbiddenError(NOT_IN_QUIZ_CLASS_MESSAGE);
  const [student] = await ctx.db
    .select({ id: students.id })
    .from(students)
    .where(
      and(
        eq(students.schoolId, found.schoolId),
        eq(students.userId, ctx.auth.userId),
        eq(students.status, 'active'),
      ),
    )
    .orderBy(asc(students.id))
    .limit(1);
  if (!student) throw new ForbiddenError(NOT_IN_QUIZ_CLASS_MESSAGE);
  for (;;) {
    const now = ctx.clock.now();
    const outcome = await transactionWithRetry(ctx.db, async (tx) => {
      // shared: the teacher's status change (which locks it for update) waits for a paper being made
      const [quiz] = await tx.select().from(quizzes).where(eq(quizzes.id, found.id)).for('share');
      if (!quiz) throw new NotFoundError('测验不存在');
      const [existing] = await tx
        .select()
        .from(quizPapers)
        .where(and(eq(quizPapers.quizId, quiz.id), eq(quizPapers.userId, ctx.auth.userId)))
        .for('update');
      if (existing) {
        if (existing.status !== 0) throw new ConflictError('您已交卷，不能再次作答');
        if (isOverdue(existing, quiz, now)) {
          await submitPaper(tx, existing, 2, Math.min(existing.deadline, now));
          return { settled: true as const };
        }
        return { settled: false as const, value: await paperView(tx, existing, quiz, now) };
      }
      const reason = closedReason(quiz, now);
      if (reason) throw new RefusedError(reason);
      const [created] = await tx
        .insert(quizPapers)
        .values({
          quizId: quiz.id,
          userId: ctx.auth.userId,
          studentId: student.id,
          teachingClassId: classIds[0]!,
          status: 0,
          startedAt: now,
          deadline: deadlineOf(quiz, now),
        })
        .onConflictDoNothing()
        .returning();
      // another request of the same student made it first: read it on the next round
      if (!created) return { settled: true as const };
      return { settled: false as const, value: await paperView(tx, created, quiz, now) };
    });
    if (!outcome.settled) return outcome.value;
  }
}

export async function quizPaperDetail({
  ctx,
  input,
}: AuthedCall<Input<'quizPaperDetail'>>): Promise<Output<'quizPaperDetail'>> {
  return inPaper(ctx, input.paperId, (tx, paper, quiz, now) => paperView(tx, paper, quiz, now));
}

async function questionOfPaper(db: Db, paper: QuizPaperRow, rawQuId: string): Promise<QuizQuestionRow> {
  const id = idOrNotFound(rawQuId, QUESTION_NOT_IN_PAPER_MESSAGE);
  const [question] = await db
    .select()
    .from(quizQuestions)
    .where(and(eq(quizQuestions.id, id), eq(quizQuestions.quizId, paper.quizId)));
  if (!question) throw new NotFoundError(QUESTION_NOT_IN_PAPER_MESSAGE);
  return question;
}

export async function quizPaperQuestionDetail({
  ctx,
  input,
}: AuthedCall<Input<'quizPaperQuestionDetail'>>): Promise<Output<'quizPaperQuestionDetail'>> {
  const paper = await ownPaper(ctx.db, ctx.auth.userId, input.paperId);
  const question = await questionOfPaper(ctx.db, paper, input.quId);
  const [saved] = await ctx.db
    .select({ answer: quizAnswers.answer, seq: quizAnswers.seq })
    .from(quizAnswers)
    .where(and(eq(quizAnswers.paperId, paper.id), eq(quizAnswers.questionId, question.id)));
  const myAnswer = saved?.answer ?? [];
  return {
    ...paperQuestion(question, isAnswered(myAnswer)),
    myAnswer: wireAnswer(question.type, myAnswer),
    mySeq: saved?.seq ?? 0,
    blankCount: blankCountOfQuestion(question),
  };
}

export async function quizPaperFillAnswer({
  ctx,
  input,
}: AuthedCall<Input<'quizPaperFillAnswer'>>): Promise<Output<'quizPaperFillAnswer'>> {
  const paper = await ownPaper(ctx.db, ctx.auth.userId, input.paperId);
  const question = await questionOfPaper(ctx.db, paper, input.quId);
  const answer = cleanQuizAnswer(question, input.answer);
  return inPaper(ctx, input.paperId, async (tx, locked, quiz, now) => {
    if (locked.status !== 0) throw new RefusedError('答卷已交卷（含到时由系统自动交卷），不能再修改答案');
    const seq = input.seq;
    // with a seq only a newer edit replaces the stored answer; without one the answer always does
    const [written] = await tx
      .insert(quizAnswers)
      .values({ paperId: locked.id, questionId: question.id, answer, seq: seq ?? 0, savedAt: now })
      .onConflictDoUpdate({
        target: [quizAnswers.paperId, quizAnswers.questionId],
        set: { answer, savedAt: now, ...(seq === undefined ? {} : { seq }) },
        ...(seq === undefined ? {} : { setWhere: lt(quizAnswers.seq, seq) }),
      })
      .returning({ seq: quizAnswers.seq });
    const [questions, answers] = await Promise.all([questionsOf(tx, quiz.id), answersOf(tx, locked.id)]);
    // a late or resent edit wrote nothing: its acknowledgement is the seq stored (one more read)
    const [stored] = written
      ? [written]
      : await tx
          .select({ seq: quizAnswers.seq })
          .from(quizAnswers)
          .where(and(eq(quizAnswers.paperId, locked.id), eq(quizAnswers.questionId, question.id)));
    return {
      ...progressOf(locked, questions, answers, now),
      quId: String(question.id),
      seq: stored?.seq ?? 0,
      applied: written !== undefined,
    };
  });
}

export async function quizPaperCheckProcess({
  ctx,
  input,
}: AuthedCall<Input<'quizPaperCheckProcess'>>): Promise<Output<'quizPaperCheckProcess'>> {
  return inPaper(ctx, input.paperId, async (tx, paper, quiz, now) => {
    const [questions, answers] = await Promise.all([questionsOf(tx, quiz.id), answersOf(tx, paper.id)]);
    return progressOf(paper, questions, answers, now);
  });
}

export async function quizPaperHandIn({
  ctx,
  input,
}: AuthedCall<Input<'quizPaperHandIn'>>): Promise<Output<'quizPaperHandIn'>> {
  return inPaper(ctx, input.paperId, async (tx, paper, quiz, now) => {
    if (paper.status !== 0) throw new ConflictError('答卷已交卷（含到时由系统自动交卷）');
    return paperResult(await submitPaper(tx, paper, 1, now), quiz);
  });
}

export async function quizPaperResult({
  ctx,
  input,
}: AuthedCall<Input<'quizPaperResult'>>): Promise<Output<'quizPaperResult'>> {
  return inPaper(ctx, input.paperId, async (_tx, paper, quiz) => {
    if (paper.status === 0) throw notHandedIn();
    return paperResult(paper, quiz);
  });
}

export async function quizPaperResultEx({
  ctx,
  input,
}: AuthedCall<Input<'quizPaperResultEx'>>): Promise<Output<'quizPaperResultEx'>> {
  return inPaper(ctx, input.paperId, async (tx, paper, quiz) => {
    if (paper.status === 0) throw notHandedIn();
    return paperResultEx(tx, paper, quiz, quiz.answersDistributed);
  });
}

export async function quizPaperUserGetList({
  ctx,
  input,
}: AuthedCall<Input<'quizPaperUserGetList'>>): Promise<Output<'quizPaperUserGetList'>> {
  const userId = ctx.auth.userId;
  await settleOverduePapers(ctx.db, ctx.clock.now(), { userId });
  const conditions = [eq(quizPapers.userId, userId)];
  if (input.courseId !== undefined)
    conditions.push(eq(quizzes.courseId, idOrNotFound(input.courseId, '课程不存在')));
  if (input.quizId !== undefined)
    conditions.push(eq(quizPapers.quizId, idOrNotFound(input.quizId, '测验不存在')));
  if (input.status !== undefined) conditions.push(eq(quizPapers.status, input.status));
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select({ paper: quizPapers, quiz: quizzes, courseName: courses.name })
      .from(quizPapers)
      .innerJoin(quizzes, eq(quizzes.id, quizPapers.quizId))
      .innerJoin(courses, eq(courses.id, quizzes.courseId))
      .where(where)
      .orderBy(desc(quizPapers.startedAt), desc(quizPapers.id))
      .limit(input.pageSize)
      .offset(offsetOf(input)),
    ctx.db
      .select({ n: count() })
      .from(quizPapers)
      .innerJoin(quizzes, eq(quizzes.id, quizPapers.quizId))
      .where(where),
  ]);
  return {
    list: rows.map(({ paper, quiz, courseName }) => ({
      paperId: String(paper.id),
      quizId: String(quiz.id),
      quizName: quiz.name,
      courseId: String(quiz.courseId),
      courseName,
      status: paper.status,
      score: paper.status === 0 ? null : paper.score,
      totalScore: quiz.totalScore,
      startedAt: paper.startedAt,
      submittedAt: paper.submittedAt,
    })),
    total: total?.n ?? 0,
  };
}
