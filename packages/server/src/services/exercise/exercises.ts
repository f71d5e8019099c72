import { and, count, desc, eq, ilike, inArray, type SQL } from 'drizzle-orm';
import type { Exercise, ExerciseCodeLanguage, ExerciseTypeInfo } from '@dfrm/sdk/resource/types';
import type { Input, Output } from '../../contract/types';
import type { Db } from '../../db/client';
import {
  type ExerciseDifficulty,
  type ExerciseOptionValue,
  exercisePaperItems,
  type ExerciseRow,
  exercises,
  type ExerciseType,
} from '../../db/schema/exercise';
import { ForbiddenError, NotFoundError, RefusedError } from '../../lib/errors';
import { idOrNotFound, parseId } from '../../lib/ids';
import { likePattern } from '../../lib/like';
import { offsetOf } from '../../lib/paging';
import type { AuthedCall, AuthedContext } from '../context';
import { cleanQuestion } from '../exam/paper';
import { ownTag, tagIdsUnder, tagNames } from './tags';

// A teacher's exercises: what a valid one is (the exam's own question rules, so every exercise can
// be copied into an exam), the views, and the verbs of specs/resource/exercise.yaml on them.

/** What a save or an import row gives for one exercise, before it is checked. */
export interface ExerciseDraft {
  type: ExerciseType;
  content: string;
  options: readonly ExerciseOptionValue[];
  answer: string;
  analysis: string;
  difficulty: ExerciseDifficulty;
  score: number;
  tolerance: number;
  codeLanguage: ExerciseCodeLanguage | undefined;
  codeTemplate: string;
}

/** The columns an exercise is stored with (owner, tag and times aside). */
export interface CleanExercise {
  type: ExerciseType;
  content: string;
  options: ExerciseOptionValue[];
  answer: string;
  analysis: string;
  difficulty: ExerciseDifficulty;
  score: number;
  tolerance: number;
  codeLanguage: string | null;
  codeTemplate: string;
}

/** The answer string as the exam's list of answers: choice letters one by one, fill-in blank by blank. */
export function answersOf(type: ExerciseType, answer: string): string[] {
  if (type === 2) return [...answer.toUpperCase().replace(/[\s,，、]/g, '')];
  if (type === 4) return answer.split('|');
  if (type === 1 || type === 3) return [answer.trim().toUpperCase()];
  return [answer];
}

/** An exercise as stored, or errCode 2 naming its type and what is wrong. */
export function cleanExercise(draft: ExerciseDraft): CleanExercise {
  const code = draft.codeLanguage === 'none' ? undefined : draft.codeLanguage;
  const clean = cleanQuestion(
    {
      type: draft.type,
      stem: draft.content,
      options: draft.options,
      answers: answersOf(draft.type, draft.answer),
      score: draft.score,
      tolerance: draft.tolerance,
      analysis: draft.analysis,
      ...(code ? { codeLanguage: code } : {}),
    },
    '习题',
  );
  return {
    type: clean.type,
    content: clean.stem,
    options: clean.options,
    answer: clean.type === 2 ? clean.answers.join('') : clean.answers.join('|'),
    analysis: clean.analysis,
    difficulty: draft.difficulty,
    score: draft.score,
    tolerance: clean.tolerance,
    codeLanguage: clean.codeLanguage,
    codeTemplate: clean.type === 6 ? draft.codeTemplate : '',
  };
}

/** Exercises as the wire shows them, in the order given. */
export async function exerciseViews(db: Db, rows: readonly ExerciseRow[]): Promise<Exercise[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [names, uses] = await Promise.all([
    tagNames(
      db,
      rows.map((row) => row.tagId),
    ),
    db
      .select({ exerciseId: exercisePaperItems.exerciseId, n: count() })
      .from(exercisePaperItems)
      .where(inArray(exercisePaperItems.exerciseId, ids))
      .groupBy(exercisePaperItems.exerciseId),
  ]);
  const paperCount = new Map(uses.map((row) => [row.exerciseId, row.n]));
  return rows.map((row) => ({
    exerciseId: String(row.id),
    type: row.type,
    content: row.content,
    options: row.options,
    answer: row.answer,
    analysis: row.analysis,
    difficulty: row.difficulty,
    score: row.score,
    tolerance: row.tolerance,
    codeLanguage: (row.codeLanguage ?? 'none') as ExerciseCodeLanguage,
    codeTemplate: row.codeTemplate,
    tagId: String(row.tagId),
    tagName: names.get(row.tagId) ?? '',
    paperCount: paperCount.get(row.id) ?? 0,
    createdBy: String(row.ownerUserId),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  }));
}

/** The caller's exercise: 6 when there is none, 5 when it is another teacher's. */
export async function ownExercise(ctx: AuthedContext, raw: string): Promise<ExerciseRow> {
  const id = idOrNotFound(raw, '习题不存在');
  const [row] = await ctx.db.select().from(exercises).where(eq(exercises.id, id));
  if (!row) throw new NotFoundError('习题不存在');
  if (row.ownerUserId !== ctx.auth.userId) throw new ForbiddenError('这不是您的习题');
  return row;
}

/**
 * The caller's exercises of these ids, in the order given: 6 naming the first that does not
 * exist, 5 for the first of another teacher.
 */
export async function ownExercises(ctx: AuthedContext, raws: readonly string[]): Promise<ExerciseRow[]> {
  const ids = raws.map((raw) => idOrNotFound(raw, `习题 ${raw} 不存在`));
  const rows =
    ids.length === 0
      ? []
      : await ctx.db
          .select()
          .from(exercises)
          .where(inArray(exercises.id, [...new Set(ids)]));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.map((id) => {
    const row = byId.get(id);
    if (!row) throw new NotFoundError(`习题 ${id} 不存在`);
    if (row.ownerUserId !== ctx.auth.userId) throw new ForbiddenError(`习题 ${id} 不是您的习题`);
    return row;
  });
}

interface ListFilters {
  keyword?: string | undefined;
  type?: ExerciseType | undefined;
  difficulty?: ExerciseDifficulty | undefined;
}

function filtersOf(ctx: AuthedContext, input: ListFilters): SQL[] {
  const conditions: SQL[] = [eq(exercises.ownerUserId, ctx.auth.userId)];
  const keyword = input.keyword?.trim();
  if (keyword) conditions.push(ilike(exercises.content, likePattern(keyword)));
  if (input.type !== undefined) conditions.push(eq(exercises.type, input.type));
  if (input.difficulty !== undefined) conditions.push(eq(exercises.difficulty, input.difficulty));
  return conditions;
}

async function page(
  ctx: AuthedContext,
  conditions: SQL[],
  paging: { pageIndex: number; pageSize: number },
): Promise<Output<'exerciseList'>> {
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select()
      .from(exercises)
      .where(where)
      .orderBy(desc(exercises.updatedAt), desc(exercises.id))
      .limit(paging.pageSize)
      .offset(offsetOf(paging)),
    ctx.db.select({ n: count() }).from(exercises).where(where),
  ]);
  return { list: await exerciseViews(ctx.db, rows), total: total?.n ?? 0 };
}

export function exerciseList({
  ctx,
  input,
}: AuthedCall<Input<'exerciseList'>>): Promise<Output<'exerciseList'>> {
  return page(ctx, filtersOf(ctx, input), input);
}

export async function exerciseListByTag({
  ctx,
  input,
}: AuthedCall<Input<'exerciseListByTag'>>): Promise<Output<'exerciseListByTag'>> {
  const tag = await ownTag(ctx, input.tagId, 'exercise');
  const tagIds = await tagIdsUnder(ctx.db, tag, input.includeSubTags);
  return page(ctx, [...filtersOf(ctx, input), inArray(exercises.tagId, tagIds)], input);
}

export async function exerciseListById({
  ctx,
  input,
}: AuthedCall<Input<'exerciseListById'>>): Promise<Output<'exerciseListById'>> {
  const ids = input.exerciseIds.flatMap((raw) => {
    const id = parseId(raw);
    return id === null ? [] : [id];
  });
  if (ids.length === 0) return [];
  const rows = await ctx.db
    .select()
    .from(exercises)
    .where(and(inArray(exercises.id, ids), eq(exercises.ownerUserId, ctx.auth.userId)));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return exerciseViews(
    ctx.db,
    ids.flatMap((id) => byId.get(id) ?? []),
  );
}

export async function exerciseGet({
  ctx,
  input,
}: AuthedCall<Input<'exerciseGet'>>): Promise<Output<'exerciseGet'>> {
  const [view] = await exerciseViews(ctx.db, [await ownExercise(ctx, input.exerciseId)]);
  return view!;
}

export async function exerciseUpdate({
  ctx,
  input,
}: AuthedCall<Input<'exerciseUpdate'>>): Promise<Output<'exerciseUpdate'>> {
  const current = input.exerciseId === undefined ? null : await ownExercise(ctx, input.exerciseId);
  const tag = await ownTag(ctx, input.tagId, 'exercise');
  const clean = cleanExercise({
    type: input.type,
    content: input.content,
    options: input.options ?? [],
    answer: input.answer,
    analysis: input.analysis,
    difficulty: input.difficulty,
    score: input.score,
    tolerance: input.tolerance,
    codeLanguage: input.codeLanguage,
    codeTemplate: input.codeTemplate,
  });
  const now = ctx.clock.now();
  const [row] = current
    ? await ctx.db
        .update(exercises)
        .set({ ...clean, tagId: tag.id, updatedAt: now })
        .where(eq(exercises.id, current.id))
        .returning()
    : await ctx.db
        .insert(exercises)
        .values({ ...clean, tagId: tag.id, ownerUserId: ctx.auth.userId, createdAt: now, updatedAt: now })
        .returning();
  if (!row) throw new NotFoundError('习题不存在');
  const [view] = await exerciseViews(ctx.db, [row]);
  return view!;
}

export async function exerciseDelete({
  ctx,
  input,
}: AuthedCall<Input<'exerciseDelete'>>): Promise<Output<'exerciseDelete'>> {
  const rows = await ownExercises(ctx, input.exerciseIds);
  const ids = rows.map((row) => row.id);
  return ctx.db.transaction(async (tx) => {
    // rows locked first: a paper taking one of them now waits, then finds it gone
    await tx.select({ id: exercises.id }).from(exercises).where(inArray(exercises.id, ids)).for('update');
    const used = await tx
      .selectDistinct({ exerciseId: exercisePaperItems.exerciseId })
      .from(exercisePaperItems)
      .where(inArray(exercisePaperItems.exerciseId, ids));
    if (used.length > 0) {
      const named = used.map((row) => row.exerciseId).sort((a, b) => a - b);
      throw new RefusedError(`习题 ${named.join('、')} 已被试卷引用，不能删除；请先从试卷中移除`);
    }
    await tx.delete(exercises).where(inArray(exercises.id, ids));
    return ids.map(String);
  });
}

const TYPE_INFO: readonly ExerciseTypeInfo[] = [
  { type: 1, name: '单选题', hasOptions: true, autoGraded: true, importTemplate: 'choice' },
  { type: 2, name: '多选题', hasOptions: true, autoGraded: true, importTemplate: 'choice' },
  { type: 3, name: '判断题', hasOptions: false, autoGraded: true, importTemplate: 'choice' },
  { type: 4, name: '填空题', hasOptions: false, autoGraded: true, importTemplate: 'qa' },
  { type: 5, name: '问答题', hasOptions: false, autoGraded: false, importTemplate: 'qa' },
  { type: 6, name: '代码题', hasOptions: false, autoGraded: false, importTemplate: 'none' },
];

export function exerciseTypeList(): Promise<Output<'exerciseTypeList'>> {
  return Promise.resolve([...TYPE_INFO]);
}
