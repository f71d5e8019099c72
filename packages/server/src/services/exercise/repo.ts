import { randomInt } from 'node:crypto';
import { and, count, desc, eq, ilike, inArray, max, notInArray, type SQL } from 'drizzle-orm';
import type {
  ExamPaperBrief,
  ExamPaperSection,
  ExamQuestion,
  ExamQuType,
  ExamRepo,
  ExamRepoDetail,
} from '@dfrm/sdk/resource/types';
import type { Input, Output } from '../../contract/types';
import type { Db } from '../../db/client';
import {
  type ExercisePaperRow,
  exercisePapers,
  type ExerciseRow,
  exercises,
  type ExerciseTagRow,
  exerciseTags,
} from '../../db/schema/exercise';
import { courses } from '../../db/schema/teaching';
import { ForbiddenError, InvalidInputError, NotFoundError } from '../../lib/errors';
import { idOrNotFound, parseId } from '../../lib/ids';
import { likePattern } from '../../lib/like';
import { offsetOf } from '../../lib/paging';
import type { AuthedCall, AuthedContext } from '../context';
import { TYPE_NAMES } from '../exam/paper';
import { UNKNOWN_USER, userBriefs } from '../teaching-content/shared';
import { answersOf } from './exercises';
import {
  insertPaper,
  ownPaper,
  paperExercises,
  type PaperItem,
  paperItemsOf,
  paperPage,
  roundScore,
} from './papers';
import { ownTag, tagIdsUnder } from './tags';

// The exam repository (specs/resource/exam-repo.yaml) over the exercise bank: a 题库 is one of the
// teacher's exercise tags, its questions the exercises under it, its papers exercise papers.

const TYPES: readonly ExamQuType[] = [1, 2, 3, 4, 5, 6];
const DIFFICULTIES = [1, 2, 3] as const;
const SECTION_NUMBERS = ['一', '二', '三', '四', '五', '六'];

/** Question counts of a repository, by type and difficulty. */
type Matrix = Map<string, number>;
const cellKey = (type: number, difficulty: number) => `${type}:${difficulty}`;

interface RepoFacts {
  matrix: Matrix;
  total: number;
  lastChange: number;
}

/** Counts and last change of every exercise tag of the owner, a top-level tag's including its children's. */
async function repoFacts(
  db: Db,
  ownerUserId: number,
  tags: readonly ExerciseTagRow[],
): Promise<Map<number, RepoFacts>> {
  const rows = await db
    .select({
      tagId: exercises.tagId,
      type: exercises.type,
      difficulty: exercises.difficulty,
      n: count(),
      last: max(exercises.updatedAt),
    })
    .from(exercises)
    .where(eq(exercises.ownerUserId, ownerUserId))
    .groupBy(exercises.tagId, exercises.type, exercises.difficulty);
  const facts = new Map<number, RepoFacts>(
    tags.map((tag) => [tag.id, { matrix: new Map(), total: 0, lastChange: tag.updatedAt }]),
  );
  const parentOf = new Map(tags.map((tag) => [tag.id, tag.parentId]));
  for (const row of rows) {
    for (const id of [row.tagId, parentOf.get(row.tagId) ?? 0]) {
      const fact = facts.get(id);
      if (!fact) continue;
      const key = cellKey(row.type, row.difficulty);
      fact.matrix.set(key, (fact.matrix.get(key) ?? 0) + row.n);
      fact.total += row.n;
      fact.lastChange = Math.max(fact.lastChange, Number(row.last ?? 0));
    }
  }
  return facts;
}

async function ownerTags(db: Db, ownerUserId: number): Promise<ExerciseTagRow[]> {
  return db
    .select()
    .from(exerciseTags)
    .where(and(eq(exerciseTags.ownerUserId, ownerUserId), eq(exerciseTags.kind, 'exercise')));
}

async function repoViews(
  ctx: AuthedContext,
  tags: readonly ExerciseTagRow[],
  shown: readonly ExerciseTagRow[],
): Promise<{ view: ExamRepo; facts: RepoFacts }[]> {
  const [facts, owners] = await Promise.all([
    repoFacts(ctx.db, ctx.auth.userId, tags),
    userBriefs(ctx.db, [ctx.auth.userId]),
  ]);
  const owner = owners.get(ctx.auth.userId) ?? UNKNOWN_USER;
  const names = new Map(tags.map((tag) => [tag.id, tag.name]));
  return shown.map((tag) => {
    const fact = facts.get(tag.id)!;
    return {
      facts: fact,
      view: {
        repoId: String(tag.id),
        repoName: tag.name,
        description: '',
        tagId: String(tag.parentId),
        tagName: tag.parentId === 0 ? '' : (names.get(tag.parentId) ?? ''),
        scope: 'private',
        questionCount: fact.total,
        typeCounts: TYPES.map((quType) => ({
          quType,
          count: DIFFICULTIES.reduce(
            (n, difficulty) => n + (fact.matrix.get(cellKey(quType, difficulty)) ?? 0),
            0,
          ),
        })),
        ownerId: String(ctx.auth.userId),
        ownerName: owner.realName || owner.userName,
        updatedAt: fact.lastChange,
      },
    };
  });
}

/** The caller's repository (an exercise tag), 6/5 worded as a 题库. */
async function ownRepo(ctx: AuthedContext, raw: string): Promise<ExerciseTagRow> {
  return ownTag(ctx, raw, 'exercise').catch((error: unknown) => {
    if (error instanceof NotFoundError) throw new NotFoundError(`题库 ${raw} 不存在`);
    if (error instanceof ForbiddenError) throw new ForbiddenError(`题库 ${raw} 不是您的题库，没有使用权限`);
    throw error;
  });
}

export async function examRepoList({
  ctx,
  input,
}: AuthedCall<Input<'examRepoList'>>): Promise<Output<'examRepoList'>> {
  const parent =
    input.tagId === undefined || input.tagId === '0' ? null : await ownTag(ctx, input.tagId, 'exercise');
  // only the caller's own pool exists so far
  if (input.scope !== undefined && input.scope !== 'private') return { list: [], total: 0 };
  const tags = await ownerTags(ctx.db, ctx.auth.userId);
  const keyword = input.keyword?.trim().toLowerCase();
  const shown = tags.filter(
    (tag) =>
      (parent === null || tag.parentId === parent.id) &&
      (!keyword || tag.name.toLowerCase().includes(keyword)),
  );
  const views = (await repoViews(ctx, tags, shown))
    .map((entry) => entry.view)
    .sort((a, b) => b.updatedAt - a.updatedAt || Number(b.repoId) - Number(a.repoId));
  const start = offsetOf(input);
  return { list: views.slice(start, start + input.pageSize), total: views.length };
}

export async function examRepoTagList({
  ctx,
  input,
}: AuthedCall<Input<'examRepoTagList'>>): Promise<Output<'examRepoTagList'>> {
  const parentId =
    input.parentId === undefined || input.parentId === '0'
      ? 0
      : (await ownTag(ctx, input.parentId, 'exercise')).id;
  const rows = await ctx.db
    .select()
    .from(exerciseTags)
    .where(
      and(
        eq(exerciseTags.ownerUserId, ctx.auth.userId),
        eq(exerciseTags.kind, 'exercise'),
        eq(exerciseTags.parentId, parentId),
      ),
    )
    .orderBy(exerciseTags.sortPri, exerciseTags.id);
  return rows.map((row) => ({
    tagId: String(row.id),
    tagName: row.name,
    tagType: 'exercise',
    parentId: String(row.parentId),
  }));
}

export async function examRepoDetail({
  ctx,
  input,
}: AuthedCall<Input<'examRepoDetail'>>): Promise<Output<'examRepoDetail'>> {
  const repo = await ownRepo(ctx, input.repoId);
  const tags = await ownerTags(ctx.db, ctx.auth.userId);
  const [{ view, facts }] = (await repoViews(ctx, tags, [repo])) as [{ view: ExamRepo; facts: RepoFacts }];
  const detail: ExamRepoDetail = {
    ...view,
    difficultyCounts: DIFFICULTIES.map((difficulty) => ({
      difficulty,
      count: TYPES.reduce((n, type) => n + (facts.matrix.get(cellKey(type, difficulty)) ?? 0), 0),
    })),
    matrix: TYPES.flatMap((quType) =>
      DIFFICULTIES.map((difficulty) => ({
        quType,
        difficulty,
        count: facts.matrix.get(cellKey(quType, difficulty)) ?? 0,
      })),
    ),
    createdAt: repo.createdAt,
  };
  return detail;
}

/** An exercise as a repository question; without the key when `withAnswer` is false. */
function questionView(row: ExerciseRow, withAnswer = true): ExamQuestion {
  const right = new Set(row.type === 1 || row.type === 2 ? answersOf(row.type, row.answer) : []);
  return {
    quId: String(row.id),
    repoId: String(row.tagId),
    quType: row.type,
    content: row.content,
    options: row.options.map((option) => ({ ...option, isRight: withAnswer && right.has(option.key) })),
    answer: withAnswer ? row.answer : '',
    analysis: withAnswer ? row.analysis : '',
    difficulty: row.difficulty,
    updatedAt: row.updatedAt,
  };
}

export async function examRepoQuestionList({
  ctx,
  input,
}: AuthedCall<Input<'examRepoQuestionList'>>): Promise<Output<'examRepoQuestionList'>> {
  const repo = await ownRepo(ctx, input.repoId);
  const conditions: SQL[] = [inArray(exercises.tagId, await tagIdsUnder(ctx.db, repo))];
  if (input.quType !== undefined) conditions.push(eq(exercises.type, input.quType));
  if (input.difficulty !== undefined) conditions.push(eq(exercises.difficulty, input.difficulty));
  const keyword = input.keyword?.trim();
  if (keyword) conditions.push(ilike(exercises.content, likePattern(keyword)));
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select()
      .from(exercises)
      .where(where)
      .orderBy(desc(exercises.updatedAt), desc(exercises.id))
      .limit(input.pageSize)
      .offset(offsetOf(input)),
    ctx.db.select({ n: count() }).from(exercises).where(where),
  ]);
  return { list: rows.map((row) => questionView(row)), total: total?.n ?? 0 };
}

function examPaperBrief(row: ExercisePaperRow): ExamPaperBrief {
  return {
    paperId: String(row.id),
    paperName: row.name,
    courseId: String(row.courseId ?? 0),
    buildMode: row.buildMode,
    questionCount: row.exerciseCount,
    totalScore: row.totalScore,
    passScore: row.passScore,
    durationMinutes: row.durationMinutes,
    createdBy: String(row.ownerUserId),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/** Items grouped by type (single choice first), each group in the given order: the order a repository paper is numbered in. */
function byType(items: readonly PaperItem[]): PaperItem[] {
  return TYPES.flatMap((type) => items.filter((item) => item.exercise.type === type));
}

export async function examRepoPaperDetail({
  ctx,
  input,
}: AuthedCall<Input<'examRepoPaperDetail'>>): Promise<Output<'examRepoPaperDetail'>> {
  const paper = await ownPaper(ctx, input.paperId);
  const items = byType(await paperExercises(ctx.db, paper.id));
  const sections: ExamPaperSection[] = [];
  items.forEach((item, index) => {
    const type = item.exercise.type;
    let section = sections.at(-1);
    if (!section || section.quType !== type) {
      section = {
        quType: type,
        title: `${SECTION_NUMBERS[sections.length]}、${TYPE_NAMES[type]}`,
        score: 0,
        questions: [],
      };
      sections.push(section);
    }
    section.score = roundScore(section.score + item.score);
    section.questions.push({
      ...questionView(item.exercise, input.withAnswer),
      score: item.score,
      sortNo: index + 1,
    });
  });
  return { ...examPaperBrief(paper), description: paper.description, sections };
}

/** The caller's course for a paper (6 when there is none, 5 when they do not teach it); null for none. */
async function paperCourse(ctx: AuthedContext, raw: string | undefined): Promise<number | null> {
  if (raw === undefined || raw === '0') return null;
  const id = idOrNotFound(raw, '课程不存在');
  const [course] = await ctx.db
    .select({ teacherUserId: courses.teacherUserId })
    .from(courses)
    .where(eq(courses.id, id));
  if (!course) throw new NotFoundError('课程不存在');
  if (course.teacherUserId !== ctx.auth.userId) throw new ForbiddenError('您不是该课程的任课教师');
  return id;
}

export async function examRepoCreatePaperTemplate({
  ctx,
  input,
}: AuthedCall<Input<'examRepoCreatePaperTemplate'>>): Promise<Output<'examRepoCreatePaperTemplate'>> {
  const courseId = await paperCourse(ctx, input.courseId);
  const items = await paperItemsOf(
    ctx,
    input.items.map((item) => ({ exerciseId: item.quId, score: item.score })),
  );
  const row = await insertPaper(ctx, {
    name: input.paperName,
    description: input.description,
    tagId: null,
    durationMinutes: input.durationMinutes,
    passScore: input.passScore,
    buildMode: 'manual',
    courseId,
    items: byType(items),
  });
  return examPaperBrief(row);
}

/** Draws `count` of `pool` uniformly (a partial Fisher–Yates shuffle), in draw order. */
function draw<T>(pool: readonly T[], count: number): T[] {
  const items = [...pool];
  for (let i = 0; i < count; i += 1) {
    const j = randomInt(i, items.length);
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items.slice(0, count);
}

const DIFFICULTY_NAMES = { 1: '简单', 2: '中等', 3: '困难' } as const;

export async function examRepoCreatePaperTemplateEx({
  ctx,
  input,
}: AuthedCall<Input<'examRepoCreatePaperTemplateEx'>>): Promise<Output<'examRepoCreatePaperTemplateEx'>> {
  const wanted = input.rules.reduce((n, rule) => n + rule.count, 0);
  if (wanted > 200) throw new InvalidInputError(`抽题规则合计 ${wanted} 题，一份试卷最多 200 题`);
  const courseId = await paperCourse(ctx, input.courseId);
  const repos = new Map<string, { tag: ExerciseTagRow; tagIds: number[] }>();
  for (const rule of input.rules) {
    if (repos.has(rule.repoId)) continue;
    const tag = await ownRepo(ctx, rule.repoId);
    repos.set(rule.repoId, { tag, tagIds: await tagIdsUnder(ctx.db, tag) });
  }
  const taken = new Set(input.excludeQuIds?.flatMap((raw) => parseId(raw) ?? []) ?? []);
  // rules asking for a difficulty draw first: an open rule of the same repository and type taking
  // the few hard questions first would leave the hard rule short on a bank that has enough
  const order = input.rules
    .map((rule, index) => ({ rule, index }))
    .sort((x, y) => Number(x.rule.difficulty === undefined) - Number(y.rule.difficulty === undefined));
  const drawn: PaperItem[][] = input.rules.map(() => []);
  for (const { rule, index } of order) {
    const repo = repos.get(rule.repoId)!;
    const conditions: SQL[] = [inArray(exercises.tagId, repo.tagIds), eq(exercises.type, rule.quType)];
    if (rule.difficulty !== undefined) conditions.push(eq(exercises.difficulty, rule.difficulty));
    if (taken.size > 0) conditions.push(notInArray(exercises.id, [...taken]));
    const pool = await ctx.db
      .select()
      .from(exercises)
      .where(and(...conditions));
    if (pool.length < rule.count) {
      const level = rule.difficulty === undefined ? '不限难度' : DIFFICULTY_NAMES[rule.difficulty];
      throw new InvalidInputError(
        `第 ${index + 1} 条规则（题库“${repo.tag.name}”，${TYPE_NAMES[rule.quType]}，${level}）需要 ${rule.count} 道，可抽的只有 ${pool.length} 道`,
      );
    }
    for (const exercise of draw(pool, rule.count)) {
      taken.add(exercise.id);
      drawn[index]!.push({ exercise, score: rule.score });
    }
  }
  // numbered in the rules' order
  const picked = drawn.flat();
  const row = await insertPaper(ctx, {
    name: input.paperName,
    description: input.description,
    tagId: null,
    durationMinutes: input.durationMinutes,
    passScore: input.passScore,
    buildMode: 'random',
    courseId,
    items: byType(picked),
  });
  return examPaperBrief(row);
}

export async function examRepoTeacherCoursePaperList({
  ctx,
  input,
}: AuthedCall<Input<'examRepoTeacherCoursePaperList'>>): Promise<Output<'examRepoTeacherCoursePaperList'>> {
  const conditions: SQL[] = [eq(exercisePapers.ownerUserId, ctx.auth.userId)];
  const courseId = await paperCourse(ctx, input.courseId);
  if (courseId !== null) conditions.push(eq(exercisePapers.courseId, courseId));
  const keyword = input.keyword?.trim();
  if (keyword) conditions.push(ilike(exercisePapers.name, likePattern(keyword)));
  if (input.buildMode !== undefined) conditions.push(eq(exercisePapers.buildMode, input.buildMode));
  const { rows, total } = await paperPage(ctx, conditions, input);
  return { list: rows.map(examPaperBrief), total };
}
