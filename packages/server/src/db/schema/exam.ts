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
} from 'drizzle-orm/pg-core';
import { users } from './identity';
import { schools, students } from './school';
import { courses } from './teaching';

/** 1 单选; 2 多选; 3 判断; 4 填空; 5 简答; 6 代码 (specs/tms/exam-teacher.yaml ExamQuestionType). */
export type ExamQuestionType = 1 | 2 | 3 | 4 | 5 | 6;
/** 0 下架; 1 上架. */
export type ExamUpDownStatus = 0 | 1;
/** 0 不公开; 1 交卷后公开得分; 2 考试结束后公开得分、答案与解析. */
export type ExamResultPolicy = 0 | 1 | 2;
/** 0 未参加; 1 作答中; 2 已交卷; 3 缺考 (3 is never stored: it is 0 after the end). */
export type ExamAttendStatus = 0 | 1 | 2 | 3;
/** 0 待批阅; 1 已出分. */
export type ExamMarkStatus = 0 | 1;
/** 0 考生主动交卷; 1 到时自动交卷. */
export type ExamSubmitType = 0 | 1;

export interface ExamOptionValue {
  key: string;
  content: string;
}

/**
 * An exam: its settings and window. The paper is its own (exam_questions), copied from a question
 * bank paper or written for it, so later edits of the bank do not change an exam students sat.
 */
export const exams = pgTable(
  'exams',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    schoolId: bigint('school_id', { mode: 'number' })
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    courseId: bigint('course_id', { mode: 'number' }).references(() => courses.id, {
      onDelete: 'set null',
    }),
    /** 8 digits, unique (exams_number_uq). */
    examNumber: text('exam_number').notNull().unique('exams_number_uq'),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    attendNotice: text('attend_notice').notNull().default(''),
    startTime: bigint('start_time', { mode: 'number' }).notNull(),
    endTime: bigint('end_time', { mode: 'number' }).notNull(),
    /** Minutes. */
    duration: integer('duration').notNull(),
    passScore: doublePrecision('pass_score').notNull(),
    totalScore: doublePrecision('total_score').notNull(),
    questionCount: integer('question_count').notNull(),
    resultPolicy: integer('result_policy').$type<ExamResultPolicy>().notNull(),
    shuffleQuestions: boolean('shuffle_questions').notNull().default(false),
    shuffleOptions: boolean('shuffle_options').notNull().default(false),
    upDownStatus: integer('up_down_status').$type<ExamUpDownStatus>().notNull().default(0),
    creatorUserId: bigint('creator_user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    flushedAt: bigint('flushed_at', { mode: 'number' }),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
    updatedAt: bigint('updated_at', { mode: 'number' }).notNull(),
  },
  (t) => [index('exams_creator_idx').on(t.schoolId, t.creatorUserId, t.createdAt)],
);

export type ExamRow = typeof exams.$inferSelect;

/** The questions of an exam's paper, with their answers (never sent to a student before results). */
export const examQuestions = pgTable(
  'exam_questions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    examId: bigint('exam_id', { mode: 'number' })
      .notNull()
      .references(() => exams.id, { onDelete: 'cascade' }),
    orderNo: integer('order_no').notNull(),
    type: integer('type').$type<ExamQuestionType>().notNull(),
    stem: text('stem').notNull(),
    options: jsonb('options').$type<ExamOptionValue[]>().notNull(),
    answers: jsonb('answers').$type<string[]>().notNull(),
    score: doublePrecision('score').notNull(),
    partialScore: doublePrecision('partial_score').notNull().default(0),
    /** A fill-in's numeric tolerance: above 0, a blank is right when its number is this close. */
    tolerance: doublePrecision('tolerance').notNull().default(0),
    analysis: text('analysis').notNull().default(''),
    codeLanguage: text('code_language'),
  },
  (t) => [index('exam_questions_exam_idx').on(t.examId, t.orderNo)],
);

export type ExamQuestionRow = typeof examQuestions.$inferSelect;

/**
 * The examiners (考生) of an exam and their attempt: one attempt per student. The deadline is the
 * server's (min(enter + duration, end)); an attempt still open 30 s after it is submitted by the
 * server with what was saved (services/exam/attempt.ts).
 */
export const examExaminers = pgTable(
  'exam_examiners',
  {
    examId: bigint('exam_id', { mode: 'number' })
      .notNull()
      .references(() => exams.id, { onDelete: 'cascade' }),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    studentId: bigint('student_id', { mode: 'number' })
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    addedAt: bigint('added_at', { mode: 'number' }).notNull(),
    /** 0, 1 or 2; 缺考 (3) is 0 once the exam has ended. */
    attendStatus: integer('attend_status').$type<ExamAttendStatus>().notNull().default(0),
    enterTime: bigint('enter_time', { mode: 'number' }),
    deadline: bigint('deadline', { mode: 'number' }),
    submitTime: bigint('submit_time', { mode: 'number' }),
    submitType: integer('submit_type').$type<ExamSubmitType>(),
    markStatus: integer('mark_status').$type<ExamMarkStatus>().notNull().default(0),
    objectiveScore: doublePrecision('objective_score'),
    subjectiveScore: doublePrecision('subjective_score'),
    score: doublePrecision('score'),
    /** This student's order of the questions (question ids), fixed when they enter. */
    questionOrder: jsonb('question_order').$type<number[]>(),
    /** Per question id, this student's order of its option keys (shuffled options only). */
    optionOrder: jsonb('option_order').$type<Record<string, string[]>>(),
    /** Extra minutes for this student (examiners/extra/time): their deadline moves by as much. */
    extraMinutes: integer('extra_minutes').notNull().default(0),
    answeredCount: integer('answered_count').notNull().default(0),
    saveCount: integer('save_count').notNull().default(0),
    lastSavedAt: bigint('last_saved_at', { mode: 'number' }),
  },
  (t) => [
    primaryKey({ columns: [t.examId, t.userId] }),
    index('exam_examiners_user_idx').on(t.userId),
    // the sweep finds open attempts past their deadline
    index('exam_examiners_open_idx').on(t.attendStatus, t.deadline),
  ],
);

export type ExamExaminerRow = typeof examExaminers.$inferSelect;

/**
 * A student's latest answer to a question, written before the save is acknowledged. `seq` is the
 * client's edit number of that question: only a larger one replaces it, so a late retry never
 * overwrites a newer answer and a resent request writes nothing twice.
 */
export const examAnswers = pgTable(
  'exam_answers',
  {
    examId: bigint('exam_id', { mode: 'number' })
      .notNull()
      .references(() => exams.id, { onDelete: 'cascade' }),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    questionId: bigint('question_id', { mode: 'number' })
      .notNull()
      .references(() => examQuestions.id, { onDelete: 'cascade' }),
    answer: jsonb('answer').$type<string[]>().notNull(),
    seq: integer('seq').notNull(),
    savedAt: bigint('saved_at', { mode: 'number' }).notNull(),
    /** Points given: automatically for objective questions at submission, by the teacher otherwise. */
    gotScore: doublePrecision('got_score'),
    /** The teacher set this score (score/save): flush keeps it. */
    markedByTeacher: boolean('marked_by_teacher').notNull().default(false),
    comment: text('comment').notNull().default(''),
  },
  (t) => [primaryKey({ columns: [t.examId, t.userId, t.questionId] })],
);

export type ExamAnswerRow = typeof examAnswers.$inferSelect;
