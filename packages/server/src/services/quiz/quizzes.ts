import { and, count, desc, eq, ilike, inArray, type SQL, sql } from 'drizzle-orm';
import type { Input, Output } from '../../contract/types';
import type { Db } from '../../db/client';
import { transactionWithRetry } from '../../db/retry';
import { quizClasses, quizPapers, type QuizQuestionRow, quizQuestions, quizzes } from '../../db/schema/quiz';
import { MINUTE_MS } from '../../lib/clock';
import { isUniqueViolation } from '../../lib/db-errors';
import { ConflictError, InvalidInputError, NotFoundError, RefusedError } from '../../lib/errors';
import { idOrNotFound } from '../../lib/ids';
import { likePattern } from '../../lib/like';
import { offsetOf } from '../../lib/paging';
import type { AuthedCall, AuthedContext } from '../context';
import { assertCourseTeacher } from '../course/membership';
import { classesOfCourse } from '../homework/works';
import { resolveSchoolId } from '../school/resolve-school';
import {
  ownQuiz,
  QUIZ_NOT_FOUND_MESSAGE,
  questionsOf,
  quizBriefs,
  quizDetail,
  statusCondition,
  statusOf,
  submitOpenPapers,
  submittedCountOf,
} from './access';
import { type CleanQuizQuestion, cleanQuizQuestion, sumScores } from './questions';

// A teacher's quizzes: writing them, publishing, ending and reopening, distributing the answers.

const DUPLICATE_NAME_MESSAGE = '该课程中已有同名测验';

type SaveInput = Input<'quizTeacherSave'>;

interface CleanQuiz {
  schoolId: number;
  courseId: number;
  classIds: number[];
  name: string;
  description: string;
  startTime: number;
  endTime: number;
  durationMinutes: number;
  questions: CleanQuizQuestion[];
  totalScore: number;
}

/** The request checked against the rules of the contract (errCode 2 each), course and classes the caller's. */
async function cleanQuiz(ctx: AuthedContext, schoolId: number, input: SaveInput): Promise<CleanQuiz> {
  const name = input.quizName.trim();
  if (name === '') throw new InvalidInputError('测验名称（quizName）不能为空');
  if (input.endTime <= input.startTime)
    throw new InvalidInputError('截止时间（endTime）必须晚于开始时间（startTime）');
  const questions = input.questions.map((question, index) => cleanQuizQuestion(question, index + 1));
  const course = await assertCourseTeacher(ctx, schoolId, idOrNotFound(input.courseId, '课程不存在'));
  const classIds = await classesOfCourse(ctx, schoolId, course.id, input.classIds, 'classIds');
  return {
    schoolId,
    courseId: course.id,
    classIds,
    name,
    description: input.description?.trim() ?? '',
    startTime: input.startTime,
    endTime: input.endTime,
    durationMinutes: input.durationMinutes,
    questions,
    totalScore: sumScores(questions.map((question) => question.score)),
  };
}

function settingsOf(clean: CleanQuiz) {
  return {
    courseId: clean.courseId,
    name: clean.name,
    description: clean.description,
    startTime: clean.startTime,
    endTime: clean.endTime,
    durationMinutes: clean.durationMinutes,
    totalScore: clean.totalScore,
    questionCount: clean.questions.length,
  };
}

function questionColumns(question: CleanQuizQuestion, sortNo: number) {
  return {
    sortNo,
    type: question.type,
    content: question.content,
    options: question.options,
    answer: question.answer,
    score: question.score,
    analysis: question.analysis,
    sourceExerciseId: question.sourceExerciseId,
  };
}

async function writeClasses(tx: Db, quizId: number, classIds: readonly number[]): Promise<void> {
  await tx.delete(quizClasses).where(eq(quizClasses.quizId, quizId));
  await tx.insert(quizClasses).values(classIds.map((teachingClassId) => ({ quizId, teachingClassId })));
}

/** A duplicate name (the unique index decides) is errCode 7. */
async function namedUniquely<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (isUniqueViolation(error)) throw new ConflictError(DUPLICATE_NAME_MESSAGE);
    throw error;
  }
}

export async function quizTeacherSave({
  ctx,
  input,
}: AuthedCall<Input<'quizTeacherSave'>>): Promise<Output<'quizTeacherSave'>> {
  const schoolId = await resolveSchoolId(ctx, '0');
  const clean = await cleanQuiz(ctx, schoolId, input);
  const now = ctx.clock.now();
  const quiz = await namedUniquely(() =>
    transactionWithRetry(ctx.db, async (tx) => {
      const [row] = await tx
        .insert(quizzes)
        .values({
          schoolId,
          teacherUserId: ctx.auth.userId,
          ...settingsOf(clean),
          status: 0,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      await writeClasses(tx, row!.id, clean.classIds);
      await tx.insert(quizQuestions).values(
        clean.questions.map((question, index) => ({
          quizId: row!.id,
          ...questionColumns(question, index + 1),
        })),
      );
      return row!;
    }),
  );
  return quizDetail(ctx.db, quiz, now);
}

/** What a question is, for telling whether a save changes the questions (ids and provenance aside). */
function questionKey(
  question: Pick<QuizQuestionRow, 'type' | 'content' | 'options' | 'answer' | 'score' | 'analysis'>,
) {
  const { type, content, options, answer, score, analysis } = question;
  return JSON.stringify([type, content, options, answer, score, analysis]);
}

/** Replaces the stored questions by the request's: those with a quId in place (keeping saved answers). */
async function replaceQuestions(
  tx: Db,
  quizId: number,
  stored: readonly QuizQuestionRow[],
  questions: readonly CleanQuizQuestion[],
): Promise<void> {
  const storedIds = new Set(stored.map((question) => question.id));
  const kept = new Set<number>();
  questions.forEach((question, index) => {
    if (question.quId === null) return;
    if (!storedIds.has(question.quId) || kept.has(question.quId))
      throw new InvalidInputError(`第 ${index + 1} 题的 quId 不是该测验的题目`);
    kept.add(question.quId);
  });
  const dropped = stored.filter((question) => !kept.has(question.id)).map((question) => question.id);
  if (dropped.length > 0) await tx.delete(quizQuestions).where(inArray(quizQuestions.id, dropped));
  const added = [];
  for (const [index, question] of questions.entries()) {
    const columns = questionColumns(question, index + 1);
    if (question.quId === null) added.push({ quizId, ...columns });
    else await tx.update(quizQuestions).set(columns).where(eq(quizQuestions.id, question.quId));
  }
  if (added.length > 0) await tx.insert(quizQuestions).values(added);
}

export async function quizTeacherUpdate({
  ctx,
  input,
}: AuthedCall<Input<'quizTeacherUpdate'>>): Promise<Output<'quizTeacherUpdate'>> {
  const quiz = await ownQuiz(ctx, input.quizId);
  const clean = await cleanQuiz(ctx, quiz.schoolId, input);
  const now = ctx.clock.now();
  const updated = await namedUniquely(() =>
    transactionWithRetry(ctx.db, async (tx) => {
      const [current] = await tx.select().from(quizzes).where(eq(quizzes.id, quiz.id)).for('update');
      if (!current) throw new NotFoundError(QUIZ_NOT_FOUND_MESSAGE);
      const stored = await questionsOf(tx, quiz.id);
      const questionsChange =
        JSON.stringify(stored.map(questionKey)) !== JSON.stringify(clean.questions.map(questionKey));
      if ((await submittedCountOf(tx, quiz.id)) > 0) {
        if (questionsChange) throw new RefusedError('已有学生交卷，不能再修改题目');
        if (
          clean.courseId !== current.courseId ||
          clean.startTime !== current.startTime ||
          clean.durationMinutes !== current.durationMinutes
        ) {
          throw new RefusedError('已有学生交卷，只能修改名称、说明、截止时间和教学班');
        }
      }
      if (current.answersDistributed && current.status === 1 && clean.endTime > now) {
        throw new RefusedError('答案已分发，截止时间不能改到现在之后');
      }
      if (questionsChange) await replaceQuestions(tx, quiz.id, stored, clean.questions);
      await writeClasses(tx, quiz.id, clean.classIds);
      if (clean.endTime !== current.endTime || clean.durationMinutes !== current.durationMinutes) {
        // papers being answered follow the new end (and limit)
        const limit = clean.durationMinutes * MINUTE_MS;
        await tx
          .update(quizPapers)
          .set({
            deadline:
              clean.durationMinutes > 0
                ? sql`least(${quizPapers.startedAt} + ${limit}::bigint, ${clean.endTime}::bigint)`
                : clean.endTime,
          })
          .where(and(eq(quizPapers.quizId, quiz.id), eq(quizPapers.status, 0)));
      }
      const [row] = await tx
        .update(quizzes)
        .set({ ...settingsOf(clean), updatedAt: now })
        .where(eq(quizzes.id, quiz.id))
        .returning();
      return row!;
    }),
  );
  return quizDetail(ctx.db, updated, now);
}

export async function quizTeacherGetDetail({
  ctx,
  input,
}: AuthedCall<Input<'quizTeacherGetDetail'>>): Promise<Output<'quizTeacherGetDetail'>> {
  const quiz = await ownQuiz(ctx, input.quizId);
  return quizDetail(ctx.db, quiz, ctx.clock.now());
}

export async function quizTeacherGetList({
  ctx,
  input,
}: AuthedCall<Input<'quizTeacherGetList'>>): Promise<Output<'quizTeacherGetList'>> {
  const schoolId = await resolveSchoolId(ctx, '0');
  const now = ctx.clock.now();
  const conditions: SQL[] = [eq(quizzes.schoolId, schoolId), eq(quizzes.teacherUserId, ctx.auth.userId)];
  if (input.courseId !== undefined)
    conditions.push(eq(quizzes.courseId, idOrNotFound(input.courseId, '课程不存在')));
  if (input.classId !== undefined) {
    const classId = idOrNotFound(input.classId, '教学班不存在');
    conditions.push(
      sql`exists (select 1 from ${quizClasses} where ${quizClasses.quizId} = ${quizzes.id} and ${quizClasses.teachingClassId} = ${classId})`,
    );
  }
  if (input.status !== undefined) conditions.push(statusCondition(input.status, now));
  const keyword = input.keyword?.trim();
  if (keyword) conditions.push(ilike(quizzes.name, likePattern(keyword)));
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select()
      .from(quizzes)
      .where(where)
      .orderBy(desc(quizzes.updatedAt), desc(quizzes.id))
      .limit(input.pageSize)
      .offset(offsetOf(input)),
    ctx.db.select({ n: count() }).from(quizzes).where(where),
  ]);
  const ids = rows.map((row) => row.id);
  const [briefs, submitted] = await Promise.all([
    quizBriefs(ctx.db, rows, now),
    ids.length === 0
      ? []
      : ctx.db
          .select({ quizId: quizPapers.quizId, n: count() })
          .from(quizPapers)
          .where(and(inArray(quizPapers.quizId, ids), sql`${quizPapers.status} > 0`))
          .groupBy(quizPapers.quizId),
  ]);
  const submittedOf = new Map(submitted.map((row) => [row.quizId, row.n]));
  return {
    list: briefs.map((brief, index) => ({ ...brief, submittedCount: submittedOf.get(ids[index]!) ?? 0 })),
    total: total?.n ?? 0,
  };
}

export async function quizTeacherDelete({
  ctx,
  input,
}: AuthedCall<Input<'quizTeacherDelete'>>): Promise<Output<'quizTeacherDelete'>> {
  const quiz = await ownQuiz(ctx, input.quizId);
  const now = ctx.clock.now();
  await transactionWithRetry(ctx.db, async (tx) => {
    const [current] = await tx.select().from(quizzes).where(eq(quizzes.id, quiz.id)).for('update');
    if (!current) throw new NotFoundError(QUIZ_NOT_FOUND_MESSAGE);
    if (statusOf(current, now) === 1 && (await submittedCountOf(tx, quiz.id)) > 0) {
      throw new RefusedError('测验进行中且已有学生交卷，请先结束测验再删除');
    }
    // the questions, classes, papers and answers go with it (cascade)
    await tx.delete(quizzes).where(eq(quizzes.id, quiz.id));
  });
  return { id: String(quiz.id) };
}

export async function quizTeacherUpdateStatus({
  ctx,
  input,
}: AuthedCall<Input<'quizTeacherUpdateStatus'>>): Promise<Output<'quizTeacherUpdateStatus'>> {
  const quiz = await ownQuiz(ctx, input.quizId);
  const now = ctx.clock.now();
  const row = await transactionWithRetry(ctx.db, async (tx) => {
    const [current] = await tx.select().from(quizzes).where(eq(quizzes.id, quiz.id)).for('update');
    if (!current) throw new NotFoundError(QUIZ_NOT_FOUND_MESSAGE);
    const from = statusOf(current, now);
    const to = input.status;
    if (from === to) throw new ConflictError(['测验已是草稿', '测验已发布', '测验已结束'][to]!);
    if (to === 0) throw new RefusedError('测验不能改回草稿');
    if (from === 0 && to === 2) throw new RefusedError('草稿还没有发布，不能结束');
    if (to === 1) {
      // once the key is out, answering again would be answering with it
      if (current.answersDistributed) throw new RefusedError('答案已分发，不能重新开放');
      if (current.questionCount === 0) throw new RefusedError('测验还没有题目，不能发布');
      if (current.endTime <= now)
        throw new RefusedError(
          from === 0
            ? '截止时间已过，请先修改截止时间再发布'
            : '截止时间已过，请先把截止时间改到现在之后再重新开放',
        );
    } else {
      await submitOpenPapers(tx, current, now);
    }
    const [updated] = await tx
      .update(quizzes)
      .set({ status: to, updatedAt: now })
      .where(eq(quizzes.id, quiz.id))
      .returning();
    return updated!;
  });
  const [brief] = await quizBriefs(ctx.db, [row], now);
  return brief!;
}

export async function quizTeacherDistributeAnswers({
  ctx,
  input,
}: AuthedCall<Input<'quizTeacherDistributeAnswers'>>): Promise<Output<'quizTeacherDistributeAnswers'>> {
  const quiz = await ownQuiz(ctx, input.quizId);
  const now = ctx.clock.now();
  const row = await transactionWithRetry(ctx.db, async (tx) => {
    const [current] = await tx.select().from(quizzes).where(eq(quizzes.id, quiz.id)).for('update');
    if (!current) throw new NotFoundError(QUIZ_NOT_FOUND_MESSAGE);
    if (statusOf(current, now) !== 2) throw new RefusedError('测验结束后才能分发答案');
    if (current.answersDistributed) throw new ConflictError('答案已经分发过了');
    // papers still in their grace after the end are handed in first: nobody answers with the key in sight
    await submitOpenPapers(tx, current, now);
    const [updated] = await tx
      .update(quizzes)
      .set({ answersDistributed: true, updatedAt: now })
      .where(eq(quizzes.id, quiz.id))
      .returning();
    return updated!;
  });
  const [brief] = await quizBriefs(ctx.db, [row], now);
  return brief!;
}
