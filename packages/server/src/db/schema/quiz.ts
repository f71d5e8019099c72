import {
  bigint,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  unique,
} from 'drizzle-orm/pg-core';
import { users } from './identity';
import { schools, students } from './school';
import { courses, teachingClasses } from './teaching';

/** 0 草稿; 1 已发布; 2 已结束 (specs/tms/quiz.yaml QuizStatus). A stored 1 past its end reads as 2. */
export type QuizStatus = 0 | 1 | 2;
/** 0 答题中; 1 学生交卷; 2 系统交卷. */
export type QuizPaperStatus = 0 | 1 | 2;
/** 1 单选; 2 多选; 3 判断; 4 填空. */
export type QuizQuestionType = 1 | 2 | 3 | 4;

export interface QuizOptionValue {
  key: string;
  content: string;
}

/** A teacher's quiz (随堂测验) of one of their courses, sent to some of its teaching classes. */
export const quizzes = pgTable(
  'quizzes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    schoolId: bigint('school_id', { mode: 'number' })
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    courseId: bigint('course_id', { mode: 'number' })
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    teacherUserId: bigint('teacher_user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    startTime: bigint('start_time', { mode: 'number' }).notNull(),
    endTime: bigint('end_time', { mode: 'number' }).notNull(),
    /** 0: no limit but the end. */
    durationMinutes: integer('duration_minutes').notNull().default(0),
    status: integer('status').$type<QuizStatus>().notNull().default(0),
    answersDistributed: boolean('answers_distributed').notNull().default(false),
    totalScore: doublePrecision('total_score').notNull(),
    questionCount: integer('question_count').notNull(),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
    updatedAt: bigint('updated_at', { mode: 'number' }).notNull(),
  },
  (t) => [
    // 同一课程内名称不重复 (errCode 7)
    unique('quizzes_course_name_uq').on(t.courseId, t.name),
    index('quizzes_teacher_idx').on(t.schoolId, t.teacherUserId, t.updatedAt),
  ],
);

export type QuizRow = typeof quizzes.$inferSelect;

/** The teaching classes a quiz is sent to. */
export const quizClasses = pgTable(
  'quiz_classes',
  {
    quizId: bigint('quiz_id', { mode: 'number' })
      .notNull()
      .references(() => quizzes.id, { onDelete: 'cascade' }),
    teachingClassId: bigint('teaching_class_id', { mode: 'number' })
      .notNull()
      .references(() => teachingClasses.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.quizId, t.teachingClassId] }),
    index('quiz_classes_class_idx').on(t.teachingClassId),
  ],
);

/**
 * A quiz's questions with their answers. Stored in the exam's grading format (判断 as T/F), so
 * services/exam/paper.ts grades them; the wire's "true"/"false" is mapped at the boundary.
 */
export const quizQuestions = pgTable(
  'quiz_questions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    quizId: bigint('quiz_id', { mode: 'number' })
      .notNull()
      .references(() => quizzes.id, { onDelete: 'cascade' }),
    sortNo: integer('sort_no').notNull(),
    type: integer('type').$type<QuizQuestionType>().notNull(),
    content: text('content').notNull(),
    options: jsonb('options').$type<QuizOptionValue[]>().notNull(),
    answer: jsonb('answer').$type<string[]>().notNull(),
    score: doublePrecision('score').notNull(),
    analysis: text('analysis').notNull().default(''),
    /** The question bank's exercise it was picked from (provenance only). */
    sourceExerciseId: bigint('source_exercise_id', { mode: 'number' }),
  },
  (t) => [index('quiz_questions_quiz_idx').on(t.quizId, t.sortNo)],
);

export type QuizQuestionRow = typeof quizQuestions.$inferSelect;

/**
 * A student's one paper (答卷) of a quiz. `teachingClassId` is the quiz's class they took it in
 * (class averages and ranks are per class); the deadline is the server's.
 */
export const quizPapers = pgTable(
  'quiz_papers',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    quizId: bigint('quiz_id', { mode: 'number' })
      .notNull()
      .references(() => quizzes.id, { onDelete: 'cascade' }),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    studentId: bigint('student_id', { mode: 'number' })
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    teachingClassId: bigint('teaching_class_id', { mode: 'number' }).notNull(),
    status: integer('status').$type<QuizPaperStatus>().notNull().default(0),
    startedAt: bigint('started_at', { mode: 'number' }).notNull(),
    deadline: bigint('deadline', { mode: 'number' }).notNull(),
    submittedAt: bigint('submitted_at', { mode: 'number' }),
    score: doublePrecision('score'),
    correctCount: integer('correct_count'),
  },
  (t) => [
    unique('quiz_papers_quiz_user_uq').on(t.quizId, t.userId),
    index('quiz_papers_user_idx').on(t.userId, t.startedAt),
    // overdue papers are found by status and deadline
    index('quiz_papers_open_idx').on(t.status, t.deadline),
  ],
);

export type QuizPaperRow = typeof quizPapers.$inferSelect;

/**
 * A paper's latest answer to a question, written before the save is acknowledged. Its points are
 * computed from the question when read: questions no longer change once a paper is handed in.
 */
export const quizAnswers = pgTable(
  'quiz_answers',
  {
    paperId: bigint('paper_id', { mode: 'number' })
      .notNull()
      .references(() => quizPapers.id, { onDelete: 'cascade' }),
    questionId: bigint('question_id', { mode: 'number' })
      .notNull()
      .references(() => quizQuestions.id, { onDelete: 'cascade' }),
    answer: jsonb('answer').$type<string[]>().notNull(),
    /**
     * The client's edit number of this answer (fill/answer's `seq`; 0: saved without one): only a
     * larger one replaces it, so a late resend never overwrites a newer answer.
     */
    seq: integer('seq').notNull().default(0),
    savedAt: bigint('saved_at', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.paperId, t.questionId] })],
);

export type QuizAnswerRow = typeof quizAnswers.$inferSelect;
