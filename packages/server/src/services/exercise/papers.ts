import { and, asc, count, desc, eq, ilike, inArray, type SQL, sql } from 'drizzle-orm';
import type { ExercisePaper, ExercisePaperBrief } from '@dfrm/sdk/resource/types';
import type { Input, Output } from '../../contract/types';
import type { Db } from '../../db/client';
import {
  type ExercisePaperBuildMode,
  exercisePaperExams,
  exercisePaperItems,
  type ExercisePaperRow,
  exercisePapers,
  type ExerciseRow,
  exercises,
} from '../../db/schema/exercise';
import { isForeignKeyViolation } from '../../lib/db-errors';
import { ForbiddenError, InvalidInputError, NotFoundError, RefusedError } from '../../lib/errors';
import { idOrNotFound } from '../../lib/ids';
import { likePattern } from '../../lib/like';
import { offsetOf } from '../../lib/paging';
import type { AuthedCall, AuthedContext } from '../context';
import type { QuestionInput } from '../exam/paper';
import { answersOf, exerciseViews, ownExercises } from './exercises';
import { ownTag, tagIdsUnder, tagNames } from './tags';

// Papers of exercises: made of chosen exercises (here and exam-repo create/papertmpl) or drawn by
// rules (create/papertmplEx). A paper refers to its exercises live; an exam copies them.

/** Scores are kept to two decimals (steps of 0.5 add up exactly, but sums are shown rounded). */
export function roundScore(value: number): number {
  return Math.round(value * 100) / 100;
}

/** The caller's paper: 6 when there is none, 5 when it is another teacher's. */
export async function ownPaper(ctx: AuthedContext, raw: string): Promise<ExercisePaperRow> {
  const id = idOrNotFound(raw, '试卷不存在');
  const [row] = await ctx.db.select().from(exercisePapers).where(eq(exercisePapers.id, id));
  if (!row) throw new NotFoundError('试卷不存在');
  if (row.ownerUserId !== ctx.auth.userId) throw new ForbiddenError('这不是您的试卷');
  return row;
}

/** The caller's papers of these ids, in the order given: 6 for the first not there, 5 for the first of another teacher. */
async function ownPapers(ctx: AuthedContext, raws: readonly string[]): Promise<ExercisePaperRow[]> {
  const ids = raws.map((raw) => idOrNotFound(raw, `试卷 ${raw} 不存在`));
  const rows = await ctx.db.select().from(exercisePapers).where(inArray(exercisePapers.id, ids));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.map((id) => {
    const row = byId.get(id);
    if (!row) throw new NotFoundError(`试卷 ${id} 不存在`);
    if (row.ownerUserId !== ctx.auth.userId) throw new ForbiddenError(`试卷 ${id} 不是您的试卷`);
    return row;
  });
}

/** A paper's question as it will be numbered: the exercise and its score in this paper. */
export interface PaperItem {
  exercise: ExerciseRow;
  score: number;
}

/**
 * The caller's exercises of the request with their scores, in the request's order: 6/5 for an
 * exercise not there or not theirs, 2 for one named twice.
 */
export async function paperItemsOf(
  ctx: AuthedContext,
  items: readonly { exerciseId: string; score?: number | undefined }[],
): Promise<PaperItem[]> {
  const first = new Map<string, number>();
  items.forEach((item, index) => {
    const seen = first.get(item.exerciseId);
    if (seen !== undefined)
      throw new InvalidInputError(
        `第 ${index + 1} 题与第 ${seen + 1} 题是同一道习题（${item.exerciseId}），同一题不能重复`,
      );
    first.set(item.exerciseId, index);
  });
  const rows = await ownExercises(
    ctx,
    items.map((item) => item.exerciseId),
  );
  return rows.map((exercise, index) => ({ exercise, score: items[index]!.score ?? exercise.score }));
}

function passScoreOf(passScore: number | undefined, totalScore: number): number {
  const pass = passScore ?? roundScore(totalScore * 0.6);
  if (pass > totalScore) throw new InvalidInputError(`及格分（${pass}）不能超过总分（${totalScore}）`);
  return pass;
}

function totalOf(items: readonly PaperItem[]): number {
  return roundScore(items.reduce((total, item) => total + item.score, 0));
}

async function writeItems(tx: Db, paperId: number, items: readonly PaperItem[]): Promise<void> {
  await tx.insert(exercisePaperItems).values(
    items.map((item, index) => ({
      paperId,
      exerciseId: item.exercise.id,
      sortNo: index + 1,
      score: item.score,
    })),
  );
}

export interface NewPaper {
  name: string;
  description: string;
  tagId: number | null;
  durationMinutes: number;
  passScore: number | undefined;
  buildMode: ExercisePaperBuildMode;
  courseId: number | null;
  items: readonly PaperItem[];
}

/** Stores a paper of the caller with its items numbered in the order given. */
export async function insertPaper(ctx: AuthedContext, paper: NewPaper): Promise<ExercisePaperRow> {
  const totalScore = totalOf(paper.items);
  const passScore = passScoreOf(paper.passScore, totalScore);
  const name = paper.name.trim();
  if (name === '') throw new InvalidInputError('试卷名称（paperName）不能为空');
  const now = ctx.clock.now();
  return lostExercise(
    ctx.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(exercisePapers)
        .values({
          ownerUserId: ctx.auth.userId,
          tagId: paper.tagId,
          name,
          description: paper.description.trim(),
          durationMinutes: paper.durationMinutes,
          passScore,
          totalScore,
          exerciseCount: paper.items.length,
          buildMode: paper.buildMode,
          courseId: paper.courseId,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      await writeItems(tx, row!.id, paper.items);
      return row!;
    }),
  );
}

/** An exercise of the paper deleted between the check and the write (the foreign key tells): 6. */
async function lostExercise<T>(write: Promise<T>): Promise<T> {
  try {
    return await write;
  } catch (error) {
    if (isForeignKeyViolation(error)) throw new NotFoundError('试卷中的习题刚被删除，请刷新后重试');
    throw error;
  }
}

/** How many exams were made from each paper. */
async function usedCounts(db: Db, ids: readonly number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ paperId: exercisePaperExams.paperId, n: count() })
    .from(exercisePaperExams)
    .where(inArray(exercisePaperExams.paperId, ids))
    .groupBy(exercisePaperExams.paperId);
  return new Map(rows.map((row) => [row.paperId, row.n]));
}

export async function paperBriefs(db: Db, rows: readonly ExercisePaperRow[]): Promise<ExercisePaperBrief[]> {
  if (rows.length === 0) return [];
  const [names, used] = await Promise.all([
    tagNames(
      db,
      rows.flatMap((row) => (row.tagId === null ? [] : [row.tagId])),
    ),
    usedCounts(
      db,
      rows.map((row) => row.id),
    ),
  ]);
  return rows.map((row) => ({
    paperId: String(row.id),
    paperName: row.name,
    description: row.description,
    tagId: String(row.tagId ?? 0),
    tagName: row.tagId === null ? '' : (names.get(row.tagId) ?? ''),
    exerciseCount: row.exerciseCount,
    totalScore: row.totalScore,
    passScore: row.passScore,
    durationMinutes: row.durationMinutes,
    buildMode: row.buildMode,
    usedCount: used.get(row.id) ?? 0,
    createdBy: String(row.ownerUserId),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  }));
}

/** A paper's exercises with their score and number, by number. */
export async function paperExercises(db: Db, paperId: number): Promise<PaperItem[]> {
  const rows = await db
    .select({ exercise: exercises, score: exercisePaperItems.score })
    .from(exercisePaperItems)
    .innerJoin(exercises, eq(exercises.id, exercisePaperItems.exerciseId))
    .where(eq(exercisePaperItems.paperId, paperId))
    .orderBy(asc(exercisePaperItems.sortNo));
  return rows;
}

async function paperDetail(db: Db, row: ExercisePaperRow): Promise<ExercisePaper> {
  const [[brief], items] = await Promise.all([paperBriefs(db, [row]), paperExercises(db, row.id)]);
  const views = await exerciseViews(
    db,
    items.map((item) => item.exercise),
  );
  return {
    ...brief!,
    exercises: views.map((view, index) => ({ ...view, paperScore: items[index]!.score, sortNo: index + 1 })),
  };
}

export async function exercisePaperCreate({
  ctx,
  input,
}: AuthedCall<Input<'exercisePaperCreate'>>): Promise<Output<'exercisePaperCreate'>> {
  const tag = await ownTag(ctx, input.tagId, 'paper');
  const items = await paperItemsOf(ctx, input.items);
  const row = await insertPaper(ctx, {
    name: input.paperName,
    description: input.description,
    tagId: tag.id,
    durationMinutes: input.durationMinutes,
    passScore: input.passScore,
    buildMode: 'manual',
    courseId: null,
    items,
  });
  return paperDetail(ctx.db, row);
}

function paperFilters(ctx: AuthedContext, keywordRaw: string | undefined): SQL[] {
  const conditions: SQL[] = [eq(exercisePapers.ownerUserId, ctx.auth.userId)];
  const keyword = keywordRaw?.trim();
  if (keyword) conditions.push(ilike(exercisePapers.name, likePattern(keyword)));
  return conditions;
}

/** A page of the caller's papers, newest change first. */
export async function paperPage(
  ctx: AuthedContext,
  conditions: SQL[],
  paging: { pageIndex: number; pageSize: number },
): Promise<{ rows: ExercisePaperRow[]; total: number }> {
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select()
      .from(exercisePapers)
      .where(where)
      .orderBy(desc(exercisePapers.updatedAt), desc(exercisePapers.id))
      .limit(paging.pageSize)
      .offset(offsetOf(paging)),
    ctx.db.select({ n: count() }).from(exercisePapers).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function exercisePaperList({
  ctx,
  input,
}: AuthedCall<Input<'exercisePaperList'>>): Promise<Output<'exercisePaperList'>> {
  const { rows, total } = await paperPage(ctx, paperFilters(ctx, input.keyword), input);
  return { list: await paperBriefs(ctx.db, rows), total };
}

export async function exercisePaperListByTag({
  ctx,
  input,
}: AuthedCall<Input<'exercisePaperListByTag'>>): Promise<Output<'exercisePaperListByTag'>> {
  const tag = await ownTag(ctx, input.tagId, 'paper');
  const tagIds = await tagIdsUnder(ctx.db, tag, input.includeSubTags);
  const { rows, total } = await paperPage(
    ctx,
    [...paperFilters(ctx, input.keyword), inArray(exercisePapers.tagId, tagIds)],
    input,
  );
  return { list: await paperBriefs(ctx.db, rows), total };
}

export async function exercisePaperGet({
  ctx,
  input,
}: AuthedCall<Input<'exercisePaperGet'>>): Promise<Output<'exercisePaperGet'>> {
  return paperDetail(ctx.db, await ownPaper(ctx, input.paperId));
}

export async function exercisePaperDelete({
  ctx,
  input,
}: AuthedCall<Input<'exercisePaperDelete'>>): Promise<Output<'exercisePaperDelete'>> {
  const rows = await ownPapers(ctx, input.paperIds);
  const ids = rows.map((row) => row.id);
  return ctx.db.transaction(async (tx) => {
    await tx
      .select({ id: exercisePapers.id })
      .from(exercisePapers)
      .where(inArray(exercisePapers.id, ids))
      .for('update');
    const used = await usedCounts(tx, ids);
    if (used.size > 0) {
      const names = rows.filter((row) => used.has(row.id)).map((row) => `“${row.name}”`);
      throw new RefusedError(`试卷 ${names.join('、')} 已被考试引用，不能删除`);
    }
    await tx.delete(exercisePapers).where(inArray(exercisePapers.id, ids));
    return ids.map(String);
  });
}

function sameItems(a: readonly PaperItem[], b: readonly PaperItem[]): boolean {
  return (
    a.length === b.length &&
    a.every((item, i) => item.exercise.id === b[i]!.exercise.id && item.score === b[i]!.score)
  );
}

export async function exercisePaperUpdate({
  ctx,
  input,
}: AuthedCall<Input<'exercisePaperUpdate'>>): Promise<Output<'exercisePaperUpdate'>> {
  const paper = await ownPaper(ctx, input.paperId);
  const tagId = input.tagId === undefined ? paper.tagId : (await ownTag(ctx, input.tagId, 'paper')).id;
  const items = input.items === undefined ? null : await paperItemsOf(ctx, input.items);
  const name = input.paperName === undefined ? paper.name : input.paperName.trim();
  if (name === '') throw new InvalidInputError('试卷名称（paperName）不能为空');
  const now = ctx.clock.now();
  const row = await lostExercise(
    ctx.db.transaction(async (tx) => {
      const [current] = await tx
        .select()
        .from(exercisePapers)
        .where(eq(exercisePapers.id, paper.id))
        .for('update');
      if (!current) throw new NotFoundError('试卷不存在');
      const change = items !== null && !sameItems(await paperExercises(tx, paper.id), items);
      if (change && ((await usedCounts(tx, [paper.id])).get(paper.id) ?? 0) > 0)
        throw new RefusedError(
          '试卷已被考试引用，只能修改名称、说明、标签、时长与及格分，不能修改题目或分值',
        );
      const totalScore = items === null ? current.totalScore : totalOf(items);
      const passScore = input.passScore ?? current.passScore;
      if (passScore > totalScore) {
        throw new InvalidInputError(
          input.passScore === undefined
            ? `原及格分（${passScore}）超过新的总分（${totalScore}），请一并修改及格分（passScore）`
            : `及格分（${passScore}）不能超过总分（${totalScore}）`,
        );
      }
      if (change && items) {
        await tx.delete(exercisePaperItems).where(eq(exercisePaperItems.paperId, paper.id));
        await writeItems(tx, paper.id, items);
      }
      const [updated] = await tx
        .update(exercisePapers)
        .set({
          name,
          description: input.description === undefined ? current.description : input.description.trim(),
          tagId,
          durationMinutes: input.durationMinutes ?? current.durationMinutes,
          passScore,
          totalScore,
          exerciseCount: items === null ? current.exerciseCount : items.length,
          updatedAt: now,
        })
        .where(eq(exercisePapers.id, paper.id))
        .returning();
      return updated!;
    }),
  );
  return paperDetail(ctx.db, row);
}

/**
 * The questions an exam copies from the caller's paper (examCreate/examUpdate sourcePaperId), in
 * the exam's terms and the paper's order: 6 when the paper does not exist, 5 when it is not theirs.
 */
export async function paperQuestionsForExam(
  ctx: AuthedContext,
  raw: string,
): Promise<{ paperId: number; questions: QuestionInput[] }> {
  const paper = await ownPaper(ctx, raw).catch((error: unknown) => {
    if (error instanceof NotFoundError) throw new NotFoundError('来源试卷不存在');
    if (error instanceof ForbiddenError) throw new ForbiddenError('来源试卷不是您的试卷');
    throw error;
  });
  const items = await paperExercises(ctx.db, paper.id);
  return {
    paperId: paper.id,
    questions: items.map(({ exercise, score }) => ({
      type: exercise.type,
      stem: exercise.content,
      options: exercise.options,
      answers: answersOf(exercise.type, exercise.answer),
      score,
      tolerance: exercise.tolerance,
      analysis: exercise.analysis,
      ...(exercise.codeLanguage ? { codeLanguage: exercise.codeLanguage } : {}),
    })),
  };
}

/**
 * Counts an exam as made from a paper (its usedCount); in the exam's own transaction. A paper
 * deleted since its questions were copied is not counted (the key share waits for a delete
 * under way), rather than failing the exam.
 */
export async function recordPaperUse(tx: Db, paperId: number, examId: number): Promise<void> {
  await tx.execute(sql`
    insert into ${exercisePaperExams} (paper_id, exam_id)
    select ${paperId}, ${examId}
    where exists (select 1 from ${exercisePapers} where id = ${paperId} for key share)
    on conflict do nothing`);
}
