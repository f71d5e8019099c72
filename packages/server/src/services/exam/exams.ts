import { randomInt } from 'node:crypto';
import { and, asc, count, desc, eq, gt, gte, ilike, inArray, lte, or, type SQL, sql } from 'drizzle-orm';
import type { ExamBrief, ExamDetail } from '@dfrm/sdk/tms/types';
import type { Input, Output } from '../../contract/types';
import type { Db } from '../../db/client';
import { transactionWithRetry } from '../../db/retry';
import { examExaminers, examQuestions, type ExamRow, exams } from '../../db/schema/exam';
import { courses } from '../../db/schema/teaching';
import { isUniqueViolation } from '../../lib/db-errors';
import { ForbiddenError, InvalidInputError, NotFoundError, RefusedError } from '../../lib/errors';
import { idOrNotFound } from '../../lib/ids';
import { likePattern } from '../../lib/like';
import { offsetOf } from '../../lib/paging';
import type { AuthedCall, AuthedContext } from '../context';
import { resolveSchoolId } from '../school/resolve-school';
import { UNKNOWN_USER, userBriefs } from '../teaching-content/shared';
import { phaseOf, ownExam } from './access';
import { deadlineSql, gradeAttempt, questionsOf, submitOverdueAttempts } from './attempt';
import { paperQuestionsForExam, recordPaperUse } from '../exercise/papers';
import { type CleanQuestion, cleanQuestion, type QuestionInput } from './paper';

// A teacher's exams: settings, paper, publishing (updown), deletion and re-scoring (flush).

const MINUTE_MS = 60_000;

type SaveInput = Input<'examCreate'>;

interface CleanExam {
  schoolId: number;
  courseId: number | null;
  name: string;
  description: string;
  attendNotice: string;
  startTime: number;
  endTime: number;
  duration: number;
  passScore: number;
  resultPolicy: 0 | 1 | 2;
  shuffleQuestions: boolean;
  shuffleOptions: boolean;
  questions: CleanQuestion[];
  totalScore: number;
  /** The exercise paper the questions were copied from (its usedCount counts this exam). */
  sourcePaperId: number | null;
}

async function courseOf(
  ctx: AuthedContext,
  schoolId: number,
  raw: string | undefined,
): Promise<number | null> {
  if (raw === undefined) return null;
  const id = idOrNotFound(raw, '课程不存在');
  const [course] = await ctx.db
    .select({ schoolId: courses.schoolId, teacherUserId: courses.teacherUserId })
    .from(courses)
    .where(eq(courses.id, id));
  if (!course || course.schoolId !== schoolId) throw new NotFoundError('课程不存在');
  if (course.teacherUserId !== ctx.auth.userId) throw new ForbiddenError('这不是您的课程');
  return id;
}

/** The request checked against the rules the contract names (errCode 2 for each), questions cleaned. */
async function cleanExam(ctx: AuthedContext, input: SaveInput): Promise<CleanExam> {
  const schoolId = await resolveSchoolId(ctx, input.schoolId);
  if ((input.questions === undefined) === (input.sourcePaperId === undefined)) {
    throw new InvalidInputError('试题与来源试卷（sourcePaperId）需要二选一');
  }
  // a copied question obeys the same rules as one sent here
  const source =
    input.sourcePaperId === undefined ? null : await paperQuestionsForExam(ctx, input.sourcePaperId);
  const name = input.examName.trim();
  if (name === '') throw new InvalidInputError('考试名称不能为空');
  if (input.endTime <= input.startTime) throw new InvalidInputError('结束时间必须晚于开始时间');
  if (input.duration * MINUTE_MS > input.endTime - input.startTime) {
    throw new InvalidInputError('作答时长不能超过考试时间窗（开始到结束）');
  }
  const questions = (source?.questions ?? input.questions ?? []).map((question, index) =>
    cleanQuestion(question as QuestionInput, index + 1),
  );
  const totalScore = Math.round(questions.reduce((total, question) => total + question.score, 0) * 100) / 100;
  if (input.passScore > totalScore) {
    throw new InvalidInputError(`及格分（${input.passScore}）不能超过总分（${totalScore}）`);
  }
  return {
    schoolId,
    courseId: await courseOf(ctx, schoolId, input.courseId),
    name,
    description: input.description?.trim() ?? '',
    attendNotice: input.attendNotice?.trim() ?? '',
    startTime: input.startTime,
    endTime: input.endTime,
    duration: input.duration,
    passScore: input.passScore,
    resultPolicy: input.resultPolicy,
    shuffleQuestions: input.shuffleQuestions ?? false,
    shuffleOptions: input.shuffleOptions ?? false,
    questions,
    totalScore,
    sourcePaperId: source?.paperId ?? null,
  };
}

/** The exam's columns a save sets (create and update alike). */
function settingsOf(clean: CleanExam) {
  return {
    courseId: clean.courseId,
    name: clean.name,
    description: clean.description,
    attendNotice: clean.attendNotice,
    startTime: clean.startTime,
    endTime: clean.endTime,
    duration: clean.duration,
    passScore: clean.passScore,
    totalScore: clean.totalScore,
    questionCount: clean.questions.length,
    resultPolicy: clean.resultPolicy,
    shuffleQuestions: clean.shuffleQuestions,
    shuffleOptions: clean.shuffleOptions,
  };
}

async function insertQuestions(tx: Db, examId: number, questions: readonly CleanQuestion[]): Promise<void> {
  if (questions.length === 0) return;
  await tx
    .insert(examQuestions)
    .values(questions.map((question, index) => ({ examId, orderNo: index + 1, ...question })));
}

/** Briefs of exams, with course names, list counts and creators, in the order given. */
export async function examBriefs(db: Db, rows: readonly ExamRow[], now: number): Promise<ExamBrief[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const courseIds = [...new Set(rows.flatMap((row) => (row.courseId === null ? [] : [row.courseId])))];
  const [names, counts, creators] = await Promise.all([
    courseIds.length === 0
      ? Promise.resolve([])
      : db.select({ id: courses.id, name: courses.name }).from(courses).where(inArray(courses.id, courseIds)),
    db
      .select({
        examId: examExaminers.examId,
        examiners: count(),
        submitted: sql<number>`count(*) filter (where ${examExaminers.attendStatus} = 2)::int`,
      })
      .from(examExaminers)
      .where(inArray(examExaminers.examId, ids))
      .groupBy(examExaminers.examId),
    userBriefs(
      db,
      rows.map((row) => row.creatorUserId),
    ),
  ]);
  const courseName = new Map(names.map((row) => [row.id, row.name]));
  const countOf = new Map(counts.map((row) => [row.examId, row]));
  return rows.map((row) => ({
    examId: String(row.id),
    examNumber: row.examNumber,
    schoolId: String(row.schoolId),
    courseId: row.courseId === null ? null : String(row.courseId),
    courseName: row.courseId === null ? '' : (courseName.get(row.courseId) ?? ''),
    examName: row.name,
    startTime: row.startTime,
    endTime: row.endTime,
    duration: row.duration,
    totalScore: row.totalScore,
    passScore: row.passScore,
    questionCount: row.questionCount,
    upDownStatus: row.upDownStatus,
    phase: phaseOf(row, now),
    examinerCount: countOf.get(row.id)?.examiners ?? 0,
    submittedCount: countOf.get(row.id)?.submitted ?? 0,
    creator: creators.get(row.creatorUserId) ?? UNKNOWN_USER,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  }));
}

export async function examDetail(db: Db, exam: ExamRow, now: number): Promise<ExamDetail> {
  const [[brief], questions] = await Promise.all([examBriefs(db, [exam], now), questionsOf(db, exam.id)]);
  return {
    ...brief!,
    description: exam.description,
    attendNotice: exam.attendNotice,
    resultPolicy: exam.resultPolicy,
    shuffleQuestions: exam.shuffleQuestions,
    shuffleOptions: exam.shuffleOptions,
    flushedAt: exam.flushedAt,
    questions: questions.map((question) => ({
      questionId: String(question.id),
      orderNo: question.orderNo,
      type: question.type,
      stem: question.stem,
      options: question.options,
      answers: question.answers,
      score: question.score,
      partialScore: question.partialScore,
      tolerance: question.tolerance,
      analysis: question.analysis,
      ...(question.codeLanguage ? { codeLanguage: question.codeLanguage as 'python' | 'sql' | 'r' } : {}),
    })),
  };
}

/** A new exam number: 8 digits, drawn again when taken (the unique index decides). */
function examNumber(): string {
  return String(randomInt(10_000_000, 100_000_000));
}

export async function examCreate({
  ctx,
  input,
}: AuthedCall<Input<'examCreate'>>): Promise<Output<'examCreate'>> {
  const clean = await cleanExam(ctx, input);
  const now = ctx.clock.now();
  for (let attempt = 0; ; attempt++) {
    try {
      const exam = await transactionWithRetry(ctx.db, async (tx) => {
        const [row] = await tx
          .insert(exams)
          .values({
            schoolId: clean.schoolId,
            examNumber: examNumber(),
            ...settingsOf(clean),
            upDownStatus: 0,
            creatorUserId: ctx.auth.userId,
            createdAt: now,
            updatedAt: now,
          })
          .returning();
        await insertQuestions(tx, row!.id, clean.questions);
        if (clean.sourcePaperId !== null) await recordPaperUse(tx, clean.sourcePaperId, row!.id);
        return row!;
      });
      return examDetail(ctx.db, exam, now);
    } catch (error) {
      if (!isUniqueViolation(error) || attempt >= 5) throw error;
    }
  }
}

function sameQuestions(a: readonly CleanQuestion[], b: readonly CleanQuestion[]): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

export async function examUpdate({
  ctx,
  input,
}: AuthedCall<Input<'examUpdate'>>): Promise<Output<'examUpdate'>> {
  const exam = await ownExam(ctx, input.examId);
  const clean = await cleanExam(ctx, input);
  const now = ctx.clock.now();
  const updated = await transactionWithRetry(ctx.db, async (tx) => {
    const [current] = await tx.select().from(exams).where(eq(exams.id, exam.id)).for('update');
    if (!current) throw new NotFoundError('考试不存在');
    const stored = (await questionsOf(tx, exam.id)).map(
      ({
        type,
        stem,
        options,
        answers,
        score,
        partialScore,
        tolerance,
        analysis,
        codeLanguage,
      }): CleanQuestion => ({
        type,
        stem,
        options,
        answers,
        score,
        partialScore,
        tolerance,
        analysis,
        codeLanguage,
      }),
    );
    const questionsChange = !sameQuestions(stored, clean.questions);
    if (current.upDownStatus === 1) {
      const fixed =
        !questionsChange &&
        clean.schoolId === current.schoolId &&
        clean.courseId === current.courseId &&
        clean.startTime === current.startTime &&
        clean.duration === current.duration &&
        clean.passScore === current.passScore &&
        clean.resultPolicy === current.resultPolicy &&
        clean.shuffleQuestions === current.shuffleQuestions &&
        clean.shuffleOptions === current.shuffleOptions;
      if (!fixed) throw new RefusedError('考试已上架，只能修改名称、说明、考前须知和延后结束时间；请先下架');
      if (clean.endTime < current.endTime) throw new RefusedError('考试已上架，结束时间只能延后');
    }
    if (questionsChange) {
      const [entered] = await tx
        .select({ n: count() })
        .from(examExaminers)
        .where(and(eq(examExaminers.examId, exam.id), gt(examExaminers.attendStatus, 0)));
      if ((entered?.n ?? 0) > 0) throw new RefusedError('已有考生进入过考试，不能再修改试题');
      await tx.delete(examQuestions).where(eq(examQuestions.examId, exam.id));
      await insertQuestions(tx, exam.id, clean.questions);
    }
    if (clean.sourcePaperId !== null) await recordPaperUse(tx, clean.sourcePaperId, exam.id);
    if (clean.endTime > current.endTime) {
      // a later end gives those answering now the time the old end cut off (never more than their duration)
      await tx
        .update(examExaminers)
        .set({ deadline: deadlineSql({ duration: clean.duration, endTime: clean.endTime }) })
        .where(and(eq(examExaminers.examId, exam.id), eq(examExaminers.attendStatus, 1)));
    }
    const [row] = await tx
      .update(exams)
      .set({ ...settingsOf(clean), updatedAt: now })
      .where(eq(exams.id, exam.id))
      .returning();
    return row!;
  });
  return examDetail(ctx.db, updated, now);
}

export async function examGet({ ctx, input }: AuthedCall<Input<'examGet'>>): Promise<Output<'examGet'>> {
  const exam = await ownExam(ctx, input.examId);
  return examDetail(ctx.db, exam, ctx.clock.now());
}

function teacherFilters(ctx: AuthedContext, schoolId: number, courseRaw: string | undefined): SQL[] {
  const conditions = [eq(exams.schoolId, schoolId), eq(exams.creatorUserId, ctx.auth.userId)];
  if (courseRaw !== undefined) conditions.push(eq(exams.courseId, idOrNotFound(courseRaw, '课程不存在')));
  return conditions;
}

function phaseCondition(phase: 0 | 1 | 2, now: number): SQL {
  if (phase === 0) return gt(exams.startTime, now);
  if (phase === 1) return and(lte(exams.startTime, now), gt(exams.endTime, now))!;
  return lte(exams.endTime, now);
}

export async function examList({ ctx, input }: AuthedCall<Input<'examList'>>): Promise<Output<'examList'>> {
  const schoolId = await resolveSchoolId(ctx, input.schoolId);
  const now = ctx.clock.now();
  const conditions = teacherFilters(ctx, schoolId, input.courseId);
  const keyword = input.keyword?.trim();
  if (keyword) {
    conditions.push(
      or(ilike(exams.name, likePattern(keyword)), ilike(exams.examNumber, likePattern(keyword)))!,
    );
  }
  if (input.upDownStatus !== undefined) conditions.push(eq(exams.upDownStatus, input.upDownStatus));
  if (input.phase !== undefined) conditions.push(phaseCondition(input.phase, now));
  const where = and(...conditions);
  const column = input.sortBy === 'startTime' ? exams.startTime : exams.createdAt;
  const order = input.sortOrder === 'asc' ? asc(column) : desc(column);
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select()
      .from(exams)
      .where(where)
      .orderBy(order, desc(exams.id))
      .limit(input.pageSize)
      .offset(offsetOf(input)),
    ctx.db.select({ n: count() }).from(exams).where(where),
  ]);
  return { list: await examBriefs(ctx.db, rows, now), total: total?.n ?? 0 };
}

export async function examGetAmount({
  ctx,
  input,
}: AuthedCall<Input<'examGetAmount'>>): Promise<Output<'examGetAmount'>> {
  const schoolId = await resolveSchoolId(ctx, input.schoolId);
  const now = ctx.clock.now();
  const [row] = await ctx.db
    .select({
      total: count(),
      up: sql<number>`count(*) filter (where ${exams.upDownStatus} = 1)::int`,
      notStarted: sql<number>`count(*) filter (where ${exams.startTime} > ${now})::int`,
      ended: sql<number>`count(*) filter (where ${exams.endTime} <= ${now})::int`,
    })
    .from(exams)
    .where(and(...teacherFilters(ctx, schoolId, input.courseId)));
  const total = row?.total ?? 0;
  const up = row?.up ?? 0;
  const notStarted = row?.notStarted ?? 0;
  const ended = row?.ended ?? 0;
  return {
    total,
    upCount: up,
    downCount: total - up,
    notStartedCount: notStarted,
    ongoingCount: total - notStarted - ended,
    endedCount: ended,
  };
}

export async function examUpDown({
  ctx,
  input,
}: AuthedCall<Input<'examUpDown'>>): Promise<Output<'examUpDown'>> {
  const exam = await ownExam(ctx, input.examId);
  const now = ctx.clock.now();
  await submitOverdueAttempts(ctx.db, now, { examId: exam.id });
  const row = await transactionWithRetry(ctx.db, async (tx) => {
    const [current] = await tx.select().from(exams).where(eq(exams.id, exam.id)).for('update');
    if (!current) throw new NotFoundError('考试不存在');
    if (current.upDownStatus === input.upDownStatus) return current;
    if (input.upDownStatus === 1) {
      if (current.questionCount === 0) throw new RefusedError('试卷还没有题目，不能上架');
      const [listed] = await tx
        .select({ n: count() })
        .from(examExaminers)
        .where(eq(examExaminers.examId, exam.id));
      if ((listed?.n ?? 0) === 0) throw new RefusedError('考生名单为空，请先添加考生再上架');
      if (current.endTime <= now) throw new RefusedError('考试结束时间已过，不能上架');
    } else if (phaseOf(current, now) === 1) {
      const [answering] = await tx
        .select({ n: count() })
        .from(examExaminers)
        .where(and(eq(examExaminers.examId, exam.id), eq(examExaminers.attendStatus, 1)));
      if ((answering?.n ?? 0) > 0) throw new RefusedError('考试进行中且有考生正在作答，不能下架');
    }
    const [updated] = await tx
      .update(exams)
      .set({ upDownStatus: input.upDownStatus, updatedAt: now })
      .where(eq(exams.id, exam.id))
      .returning();
    return updated!;
  });
  return { examId: String(row.id), upDownStatus: row.upDownStatus, updatedAt: row.updatedAt };
}

export async function examDel({ ctx, input }: AuthedCall<Input<'examDel'>>): Promise<Output<'examDel'>> {
  const exam = await ownExam(ctx, input.examId);
  if (exam.upDownStatus === 1) throw new RefusedError('考试已上架，请先下架再删除');
  // the paper, the list and the answers go with it (cascade)
  const deleted = await ctx.db
    .delete(exams)
    .where(and(eq(exams.id, exam.id), eq(exams.upDownStatus, 0)))
    .returning({ id: exams.id });
  if (deleted.length === 0) throw new RefusedError('考试已上架，请先下架再删除');
  return { id: String(exam.id) };
}

export async function examFlush({
  ctx,
  input,
}: AuthedCall<Input<'examFlush'>>): Promise<Output<'examFlush'>> {
  const exam = await ownExam(ctx, input.examId);
  const now = ctx.clock.now();
  await submitOverdueAttempts(ctx.db, now, { examId: exam.id });
  const recalculated = await transactionWithRetry(ctx.db, async (tx) => {
    const questions = await questionsOf(tx, exam.id);
    const submitted = await tx
      .select({ userId: examExaminers.userId })
      .from(examExaminers)
      .where(and(eq(examExaminers.examId, exam.id), gte(examExaminers.attendStatus, 2)))
      .orderBy(asc(examExaminers.userId))
      .for('update');
    for (const { userId } of submitted) {
      const totals = await gradeAttempt(tx, exam.id, userId, questions);
      await tx
        .update(examExaminers)
        .set(totals)
        .where(and(eq(examExaminers.examId, exam.id), eq(examExaminers.userId, userId)));
    }
    await tx.update(exams).set({ flushedAt: now }).where(eq(exams.id, exam.id));
    return submitted.length;
  });
  return { examId: String(exam.id), recalculatedCount: recalculated, flushedAt: now };
}
