import {
  bigint,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  unique,
} from 'drizzle-orm/pg-core';
import { exams } from './exam';
import { users } from './identity';
import { courses } from './teaching';

/** 1 单选; 2 多选; 3 判断; 4 填空; 5 问答; 6 代码 (specs/resource/exercise.yaml ExerciseType). */
export type ExerciseType = 1 | 2 | 3 | 4 | 5 | 6;
/** 1 简单; 2 中等; 3 困难. */
export type ExerciseDifficulty = 1 | 2 | 3;
/** Exercise tags and paper tags are two trees of the same shape. */
export type ExerciseTagKind = 'exercise' | 'paper';
/** manual: chosen exercises; random: drawn by rules (exam-repo create/papertmplEx). */
export type ExercisePaperBuildMode = 'manual' | 'random';

/**
 * A teacher's own tags, at most two levels. An exercise tag is also a 题库 (exam-repo): its
 * questions are the exercises under it (a top-level tag's include its children's).
 */
export const exerciseTags = pgTable(
  'exercise_tags',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    ownerUserId: bigint('owner_user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<ExerciseTagKind>().notNull(),
    /** 0 for a top-level tag (no foreign key: the wire's "0" and uniqueness per parent stay simple). */
    parentId: bigint('parent_id', { mode: 'number' }).notNull().default(0),
    name: text('name').notNull(),
    sortPri: integer('sort_pri').notNull().default(0),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
    updatedAt: bigint('updated_at', { mode: 'number' }).notNull(),
  },
  (t) => [unique('exercise_tags_name_uq').on(t.ownerUserId, t.kind, t.parentId, t.name)],
);

export type ExerciseTagRow = typeof exerciseTags.$inferSelect;

export interface ExerciseOptionValue {
  key: string;
  content: string;
}

/** An exercise of a teacher's bank; papers refer to it live, exams copy it. */
export const exercises = pgTable(
  'exercises',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    ownerUserId: bigint('owner_user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tagId: bigint('tag_id', { mode: 'number' })
      .notNull()
      .references(() => exerciseTags.id),
    type: integer('type').$type<ExerciseType>().notNull(),
    content: text('content').notNull(),
    options: jsonb('options').$type<ExerciseOptionValue[]>().notNull(),
    /** As on the wire: "ACD", "T", blanks joined by "|", a reference answer or code. */
    answer: text('answer').notNull(),
    analysis: text('analysis').notNull().default(''),
    difficulty: integer('difficulty').$type<ExerciseDifficulty>().notNull(),
    score: doublePrecision('score').notNull(),
    /** Fill-in only: numeric answers within this of the key are right; 0 compares text. */
    tolerance: doublePrecision('tolerance').notNull().default(0),
    codeLanguage: text('code_language'),
    codeTemplate: text('code_template').notNull().default(''),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
    updatedAt: bigint('updated_at', { mode: 'number' }).notNull(),
  },
  (t) => [
    index('exercises_owner_idx').on(t.ownerUserId, t.updatedAt),
    index('exercises_tag_idx').on(t.tagId, t.type, t.difficulty),
  ],
);

export type ExerciseRow = typeof exercises.$inferSelect;

/** A paper of exercises: made from chosen exercises, or by the exam repository's rules. */
export const exercisePapers = pgTable(
  'exercise_papers',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    ownerUserId: bigint('owner_user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** A paper tag; null for papers of the exam repository (未分类). */
    tagId: bigint('tag_id', { mode: 'number' }).references(() => exerciseTags.id),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    durationMinutes: integer('duration_minutes').notNull(),
    passScore: doublePrecision('pass_score').notNull(),
    totalScore: doublePrecision('total_score').notNull(),
    exerciseCount: integer('exercise_count').notNull(),
    buildMode: text('build_mode').$type<ExercisePaperBuildMode>().notNull().default('manual'),
    courseId: bigint('course_id', { mode: 'number' }).references(() => courses.id, { onDelete: 'set null' }),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
    updatedAt: bigint('updated_at', { mode: 'number' }).notNull(),
  },
  (t) => [index('exercise_papers_owner_idx').on(t.ownerUserId, t.updatedAt)],
);

export type ExercisePaperRow = typeof exercisePapers.$inferSelect;

/** The exercises of a paper, numbered, with their score in this paper. An exercise in a paper cannot be deleted. */
export const exercisePaperItems = pgTable(
  'exercise_paper_items',
  {
    paperId: bigint('paper_id', { mode: 'number' })
      .notNull()
      .references(() => exercisePapers.id, { onDelete: 'cascade' }),
    exerciseId: bigint('exercise_id', { mode: 'number' })
      .notNull()
      .references(() => exercises.id),
    sortNo: integer('sort_no').notNull(),
    score: doublePrecision('score').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.paperId, t.exerciseId] }),
    index('exercise_paper_items_exercise_idx').on(t.exerciseId),
  ],
);

/** Exams whose questions were copied from a paper (its usedCount); gone with the exam. */
export const exercisePaperExams = pgTable(
  'exercise_paper_exams',
  {
    paperId: bigint('paper_id', { mode: 'number' })
      .notNull()
      .references(() => exercisePapers.id, { onDelete: 'cascade' }),
    examId: bigint('exam_id', { mode: 'number' })
      .notNull()
      .references(() => exams.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.paperId, t.examId] }),
    index('exercise_paper_exams_exam_idx').on(t.examId),
  ],
);
