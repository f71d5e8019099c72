import { and, asc, count, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { ExerciseTag } from '@dfrm/sdk/resource/types';
import type { Input, Output } from '../../contract/types';
import type { Db } from '../../db/client';
import {
  exercisePapers,
  exercises,
  type ExerciseTagKind,
  type ExerciseTagRow,
  exerciseTags,
} from '../../db/schema/exercise';
import { isUniqueViolation } from '../../lib/db-errors';
import {
  ConflictError,
  ForbiddenError,
  InvalidInputError,
  NotFoundError,
  RefusedError,
} from '../../lib/errors';
import { idOrNotFound, parseId } from '../../lib/ids';
import type { AuthedCall, AuthedContext } from '../context';

// A teacher's two tag trees (exercise tags, paper tags): at most two levels, names unique per parent.

const KIND_NAME: Record<ExerciseTagKind, string> = { exercise: '习题标签', paper: '试卷标签' };

/** The caller's tag of that kind: 6 when there is none, 5 when it is another teacher's. */
export async function ownTag(
  ctx: AuthedContext,
  raw: string,
  kind: ExerciseTagKind,
): Promise<ExerciseTagRow> {
  const notFound = `${KIND_NAME[kind]}不存在`;
  const id = idOrNotFound(raw, notFound);
  const [tag] = await ctx.db.select().from(exerciseTags).where(eq(exerciseTags.id, id));
  if (!tag || tag.kind !== kind) throw new NotFoundError(notFound);
  if (tag.ownerUserId !== ctx.auth.userId) throw new ForbiddenError(`这不是您的${KIND_NAME[kind]}`);
  return tag;
}

/** The tag's id and, when asked, its children's: what "under a tag" means for lists and 题库. */
export async function tagIdsUnder(db: Db, tag: ExerciseTagRow, withChildren = true): Promise<number[]> {
  if (!withChildren || tag.parentId !== 0) return [tag.id];
  const children = await db
    .select({ id: exerciseTags.id })
    .from(exerciseTags)
    .where(and(eq(exerciseTags.parentId, tag.id), eq(exerciseTags.ownerUserId, tag.ownerUserId)));
  return [tag.id, ...children.map((child) => child.id)];
}

/** Items (exercises or papers) directly in each of the owner's tags of a kind. */
async function directCounts(
  db: Db,
  ownerUserId: number,
  kind: ExerciseTagKind,
): Promise<Map<number, number>> {
  const rows =
    kind === 'exercise'
      ? await db
          .select({ tagId: exercises.tagId, n: count() })
          .from(exercises)
          .where(eq(exercises.ownerUserId, ownerUserId))
          .groupBy(exercises.tagId)
      : await db
          .select({ tagId: sql<number>`${exercisePapers.tagId}`.mapWith(Number), n: count() })
          .from(exercisePapers)
          .where(and(eq(exercisePapers.ownerUserId, ownerUserId), isNotNull(exercisePapers.tagId)))
          .groupBy(exercisePapers.tagId);
  return new Map(rows.map((row) => [row.tagId, row.n]));
}

/** Tags as the wire shows them, itemCount including the children's items. */
async function tagViews(
  db: Db,
  ownerUserId: number,
  kind: ExerciseTagKind,
  rows: readonly ExerciseTagRow[],
): Promise<ExerciseTag[]> {
  if (rows.length === 0) return [];
  const [direct, all] = await Promise.all([
    directCounts(db, ownerUserId, kind),
    db
      .select({ id: exerciseTags.id, parentId: exerciseTags.parentId })
      .from(exerciseTags)
      .where(and(eq(exerciseTags.ownerUserId, ownerUserId), eq(exerciseTags.kind, kind))),
  ]);
  const total = new Map<number, number>();
  for (const tag of all) {
    const n = direct.get(tag.id) ?? 0;
    total.set(tag.id, (total.get(tag.id) ?? 0) + n);
    if (tag.parentId !== 0) total.set(tag.parentId, (total.get(tag.parentId) ?? 0) + n);
  }
  return rows.map((row) => ({
    tagId: String(row.id),
    tagName: row.name,
    parentId: String(row.parentId),
    sortPri: row.sortPri,
    itemCount: total.get(row.id) ?? 0,
    updatedAt: row.updatedAt,
  }));
}

/** Names of tags by id (for the tagName of exercises and papers). */
export async function tagNames(db: Db, ids: readonly number[]): Promise<Map<number, string>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .select({ id: exerciseTags.id, name: exerciseTags.name })
    .from(exerciseTags)
    .where(inArray(exerciseTags.id, unique));
  return new Map(rows.map((row) => [row.id, row.name]));
}

type TagSaveInput = Input<'exerciseTagUpdate'>;

async function saveTag(ctx: AuthedContext, input: TagSaveInput, kind: ExerciseTagKind): Promise<ExerciseTag> {
  const name = input.tagName.trim();
  if (name === '') throw new InvalidInputError('标签名称（tagName）不能为空');
  const current = input.tagId === undefined ? null : await ownTag(ctx, input.tagId, kind);
  let parentId = 0;
  if (input.parentId !== undefined && input.parentId !== '0') {
    const parent = await ownTag(ctx, input.parentId, kind).catch((error: unknown) => {
      if (error instanceof NotFoundError) throw new NotFoundError(`上级${KIND_NAME[kind]}不存在`);
      throw error;
    });
    if (current && parent.id === current.id) throw new RefusedError('不能把标签挂到它自己下面');
    if (parent.parentId !== 0) throw new RefusedError('上级必须是顶级标签（标签最多两级）');
    if (current) {
      const [children] = await ctx.db
        .select({ n: count() })
        .from(exerciseTags)
        .where(eq(exerciseTags.parentId, current.id));
      if ((children?.n ?? 0) > 0)
        throw new RefusedError('该标签有子标签，不能再挂到其他标签下面（标签最多两级）');
    }
    parentId = parent.id;
  }
  const now = ctx.clock.now();
  const values = { name, parentId, sortPri: input.sortPri, updatedAt: now };
  try {
    const [row] = current
      ? await ctx.db.update(exerciseTags).set(values).where(eq(exerciseTags.id, current.id)).returning()
      : await ctx.db
          .insert(exerciseTags)
          .values({ ...values, ownerUserId: ctx.auth.userId, kind, createdAt: now })
          .returning();
    const [view] = await tagViews(ctx.db, ctx.auth.userId, kind, [row!]);
    return view!;
  } catch (error) {
    if (isUniqueViolation(error)) throw new ConflictError(`同一上级下已有名为“${name}”的${KIND_NAME[kind]}`);
    throw error;
  }
}

async function listTags(
  ctx: AuthedContext,
  parentRaw: string | undefined,
  kind: ExerciseTagKind,
): Promise<ExerciseTag[]> {
  const conditions = [eq(exerciseTags.ownerUserId, ctx.auth.userId), eq(exerciseTags.kind, kind)];
  if (parentRaw !== undefined) {
    // an id that names nothing has no children
    const parentId = parentRaw === '0' ? 0 : parseId(parentRaw);
    if (parentId === null) return [];
    conditions.push(eq(exerciseTags.parentId, parentId));
  }
  const rows = await ctx.db
    .select()
    .from(exerciseTags)
    .where(and(...conditions))
    .orderBy(sql`${exerciseTags.parentId} <> 0`, asc(exerciseTags.sortPri), asc(exerciseTags.id));
  return tagViews(ctx.db, ctx.auth.userId, kind, rows);
}

export function exerciseTagUpdate({
  ctx,
  input,
}: AuthedCall<Input<'exerciseTagUpdate'>>): Promise<Output<'exerciseTagUpdate'>> {
  return saveTag(ctx, input, 'exercise');
}

export function exercisePaperTagUpdate({
  ctx,
  input,
}: AuthedCall<Input<'exercisePaperTagUpdate'>>): Promise<Output<'exercisePaperTagUpdate'>> {
  return saveTag(ctx, input, 'paper');
}

export function exerciseTagList({
  ctx,
  input,
}: AuthedCall<Input<'exerciseTagList'>>): Promise<Output<'exerciseTagList'>> {
  return listTags(ctx, input.parentId, 'exercise');
}

export function exercisePaperTagList({
  ctx,
  input,
}: AuthedCall<Input<'exercisePaperTagList'>>): Promise<Output<'exercisePaperTagList'>> {
  return listTags(ctx, input.parentId, 'paper');
}
