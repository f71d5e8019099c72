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

/** 1 普通作业; 2 策略作业. */
export type CourseWorkType = 1 | 2;
/** 0 个人作业; 1 小组作业. */
export type CourseWorkGroupMode = 0 | 1;
/** 0 草稿; 1 已发布. */
export type CourseWorkPublishStatus = 0 | 1;
/** 0 成绩未公布; 1 已公布. */
export type CourseWorkScoreStatus = 0 | 1;
/** 0 未提交; 1 已提交; 2 已批改; 3 已退回. */
export type StudentWorkStatus = 0 | 1 | 2 | 3;
/** 0 教师指定; 1 系统随机; 2 学生自由组队. */
export type WorkGroupType = 0 | 1 | 2;

/** A file on a course work or a student work: the bytes are in the Storage under `storageKey`. */
export interface StoredWorkFile {
  storageKey: string;
  fileName: string;
  fileSize: number;
}

/**
 * Work group sets (分组方案) of a course: teams of its students that group
 * homework hands in by. A set is locked while a published work using it has a
 * hand-in (its teams then cannot change).
 */
export const workGroupSets = pgTable(
  'work_group_sets',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    schoolId: bigint('school_id', { mode: 'number' })
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    courseId: bigint('course_id', { mode: 'number' })
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    groupType: integer('group_type').$type<WorkGroupType>().notNull(),
    maxMembers: integer('max_members').notNull(),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  },
  (t) => [unique('work_group_sets_course_name_uq').on(t.courseId, t.name)],
);

/** The teams of a group set. */
export const workTeams = pgTable(
  'work_teams',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    groupSetId: bigint('group_set_id', { mode: 'number' })
      .notNull()
      .references(() => workGroupSets.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    leaderStudentId: bigint('leader_student_id', { mode: 'number' })
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  },
  (t) => [index('work_teams_set_idx').on(t.groupSetId)],
);

/** Team members: a student is in at most one team of a group set. */
export const workTeamMembers = pgTable(
  'work_team_members',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    teamId: bigint('team_id', { mode: 'number' })
      .notNull()
      .references(() => workTeams.id, { onDelete: 'cascade' }),
    groupSetId: bigint('group_set_id', { mode: 'number' })
      .notNull()
      .references(() => workGroupSets.id, { onDelete: 'cascade' }),
    studentId: bigint('student_id', { mode: 'number' })
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
  },
  (t) => [
    unique('work_team_members_set_student_uq').on(t.groupSetId, t.studentId),
    index('work_team_members_team_idx').on(t.teamId),
    index('work_team_members_student_idx').on(t.studentId),
  ],
);

/**
 * Course works (课程作业). `content` is sanitized HTML. Late hand-ins are refused
 * unless `allowLate`; then each started day after `endTime` takes
 * `latePenaltyPerDay` % of the total off the teacher's score, never below
 * `lateScoreFloor` % of the total (services/homework/late-policy.ts).
 */
export const courseWorks = pgTable(
  'course_works',
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
    title: text('title').notNull(),
    content: text('content').notNull().default(''),
    type: integer('type').$type<CourseWorkType>().notNull(),
    groupMode: integer('group_mode').$type<CourseWorkGroupMode>().notNull(),
    groupSetId: bigint('group_set_id', { mode: 'number' }).references(() => workGroupSets.id),
    startTime: bigint('start_time', { mode: 'number' }).notNull(),
    endTime: bigint('end_time', { mode: 'number' }).notNull(),
    allowLate: boolean('allow_late').notNull().default(false),
    latePenaltyPerDay: integer('late_penalty_per_day').notNull().default(0),
    lateScoreFloor: integer('late_score_floor').notNull().default(0),
    totalScore: integer('total_score').notNull(),
    attachments: jsonb('attachments').$type<StoredWorkFile[]>().notNull().default([]),
    resourceIds: jsonb('resource_ids').$type<number[]>().notNull().default([]),
    strategyRequirement: jsonb('strategy_requirement').$type<Record<string, unknown> | null>(),
    publishStatus: integer('publish_status').$type<CourseWorkPublishStatus>().notNull().default(0),
    scoreStatus: integer('score_status').$type<CourseWorkScoreStatus>().notNull().default(0),
    publishedAt: bigint('published_at', { mode: 'number' }),
    scorePublishedAt: bigint('score_published_at', { mode: 'number' }),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
    updatedAt: bigint('updated_at', { mode: 'number' }).notNull(),
  },
  (t) => [
    index('course_works_teacher_idx').on(t.schoolId, t.teacherUserId, t.updatedAt),
    index('course_works_course_idx').on(t.courseId),
  ],
);

/** The teaching classes a course work is given to. */
export const courseWorkClasses = pgTable(
  'course_work_classes',
  {
    workId: bigint('work_id', { mode: 'number' })
      .notNull()
      .references(() => courseWorks.id, { onDelete: 'cascade' }),
    teachingClassId: bigint('teaching_class_id', { mode: 'number' })
      .notNull()
      .references(() => teachingClasses.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.workId, t.teachingClassId] }),
    index('course_work_classes_class_idx').on(t.teachingClassId, t.workId),
  ],
);

/**
 * Student works: one per student (individual work) or per team (group work),
 * made when the work is published. `score` is the teacher's (raw) score; the
 * late penalty is applied when it is read, from `submitTime` and the work's policy.
 */
export const studentWorks = pgTable(
  'student_works',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    workId: bigint('work_id', { mode: 'number' })
      .notNull()
      .references(() => courseWorks.id, { onDelete: 'cascade' }),
    /** Individual work: the student. Group work: the team's leader at publication. */
    studentId: bigint('student_id', { mode: 'number' })
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    teamId: bigint('team_id', { mode: 'number' }).references(() => workTeams.id, { onDelete: 'cascade' }),
    /** The teaching class the student (or leader) was in when the work was published. */
    teachingClassId: bigint('teaching_class_id', { mode: 'number' }).references(() => teachingClasses.id, {
      onDelete: 'set null',
    }),
    status: integer('status').$type<StudentWorkStatus>().notNull().default(0),
    content: text('content').notNull().default(''),
    attachments: jsonb('attachments').$type<StoredWorkFile[]>().notNull().default([]),
    strategy: jsonb('strategy').$type<Record<string, unknown> | null>(),
    revision: integer('revision').notNull().default(0),
    savedAt: bigint('saved_at', { mode: 'number' }),
    /** The account that saved last (a group's member). */
    savedByUserId: bigint('saved_by_user_id', { mode: 'number' }).references(() => users.id, {
      onDelete: 'set null',
    }),
    /** Late is read, not stored: `submitTime` after the work's (possibly moved) `endTime`. */
    submitTime: bigint('submit_time', { mode: 'number' }),
    score: doublePrecision('score'),
    comment: text('comment').notNull().default(''),
    correctedAt: bigint('corrected_at', { mode: 'number' }),
    autoGraded: boolean('auto_graded').notNull().default(false),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  },
  (t) => [
    unique('student_works_work_student_uq').on(t.workId, t.studentId),
    unique('student_works_work_team_uq').on(t.workId, t.teamId),
    index('student_works_student_idx').on(t.studentId),
    index('student_works_work_status_idx').on(t.workId, t.status),
  ],
);

/**
 * Acknowledged saves of student works, by the client's request id: a repeated
 * request answers the first acknowledgement instead of writing again.
 */
export const studentWorkSaves = pgTable(
  'student_work_saves',
  {
    studentWorkId: bigint('student_work_id', { mode: 'number' })
      .notNull()
      .references(() => studentWorks.id, { onDelete: 'cascade' }),
    requestId: text('request_id').notNull(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    revision: integer('revision').notNull(),
    status: integer('status').$type<StudentWorkStatus>().notNull(),
    savedAt: bigint('saved_at', { mode: 'number' }).notNull(),
    submitTime: bigint('submit_time', { mode: 'number' }),
    isLate: boolean('is_late').notNull(),
  },
  (t) => [primaryKey({ columns: [t.studentWorkId, t.requestId] })],
);

/** 1 新作业发布; 2 即将截止; 3 已批改; 4 退回重做; 5 成绩已公布. */
export type WorkMessageType = 1 | 2 | 3 | 4 | 5;

/** Homework messages to a student account. */
export const workMessages = pgTable(
  'work_messages',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    schoolId: bigint('school_id', { mode: 'number' })
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    workId: bigint('work_id', { mode: 'number' })
      .notNull()
      .references(() => courseWorks.id, { onDelete: 'cascade' }),
    studentWorkId: bigint('student_work_id', { mode: 'number' })
      .notNull()
      .references(() => studentWorks.id, { onDelete: 'cascade' }),
    type: integer('type').$type<WorkMessageType>().notNull(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  },
  (t) => [index('work_messages_user_idx').on(t.userId, t.schoolId, t.createdAt)],
);

export type CourseWorkRow = typeof courseWorks.$inferSelect;
export type StudentWorkRow = typeof studentWorks.$inferSelect;
export type WorkGroupSetRow = typeof workGroupSets.$inferSelect;

/**
 * Files uploaded for homework (a teacher's attachments, a student's answer
 * files) before a save names them: a save accepts a `filePath` only if the
 * caller uploaded it (or it is already on the work), so nobody can attach
 * another user's stored file by guessing its key.
 */
export const workUploads = pgTable(
  'work_uploads',
  {
    storageKey: text('storage_key').primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    fileSize: bigint('file_size', { mode: 'number' }).notNull(),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  },
  (t) => [index('work_uploads_user_idx').on(t.userId, t.createdAt)],
);
