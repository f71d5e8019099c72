import { bigint, index, integer, pgTable, primaryKey, text, unique } from 'drizzle-orm/pg-core';
import { users } from './identity';

export type SchoolRole = 'teacher' | 'student' | 'schoolManager';
/**
 * The roster status; on the wire the integers of tms/common.yaml StudentStatus:
 * active 0 在读; disabled 1 停用 (the account cannot log in); suspended 2 休学; graduated 3 毕业.
 */
export type StudentStatus = 'active' | 'disabled' | 'suspended' | 'graduated';
/** 0 未知; 1 男; 2 女. */
export type StudentGender = 0 | 1 | 2;

export const schools = pgTable('schools', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
  name: text('name').notNull(),
  createdAt: bigint('created_at', { mode: 'number' }).notNull(),
});

export const colleges = pgTable(
  'colleges',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    schoolId: bigint('school_id', { mode: 'number' })
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
  },
  (t) => [unique('colleges_school_name_uq').on(t.schoolId, t.name)],
);

export const majors = pgTable(
  'majors',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    schoolId: bigint('school_id', { mode: 'number' })
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    collegeId: bigint('college_id', { mode: 'number' })
      .notNull()
      .references(() => colleges.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
  },
  (t) => [unique('majors_college_name_uq').on(t.collegeId, t.name)],
);

/** An intake year of a school (2026级); classes of every major share it. */
export const grades = pgTable(
  'grades',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    schoolId: bigint('school_id', { mode: 'number' })
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
  },
  (t) => [unique('grades_school_name_uq').on(t.schoolId, t.name)],
);

/** Administrative classes (行政班), as opposed to the teaching classes of a course. */
export const classes = pgTable(
  'classes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    schoolId: bigint('school_id', { mode: 'number' })
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    collegeId: bigint('college_id', { mode: 'number' })
      .notNull()
      .references(() => colleges.id),
    majorId: bigint('major_id', { mode: 'number' })
      .notNull()
      .references(() => majors.id),
    gradeId: bigint('grade_id', { mode: 'number' })
      .notNull()
      .references(() => grades.id),
    name: text('name').notNull(),
  },
  (t) => [unique('classes_school_name_uq').on(t.schoolId, t.name)],
);

/** The roles a user holds in a school; the single source of truth for school roles. */
export const schoolMembers = pgTable(
  'school_members',
  {
    schoolId: bigint('school_id', { mode: 'number' })
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').$type<SchoolRole>().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.userId, t.role] }),
    index('school_members_user_idx').on(t.userId),
  ],
);

/** The student roster of a school. `userId` links the login account (the student role itself is in school_members). */
export const students = pgTable(
  'students',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    schoolId: bigint('school_id', { mode: 'number' })
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    classId: bigint('class_id', { mode: 'number' })
      .notNull()
      .references(() => classes.id),
    userId: bigint('user_id', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    studentNumber: text('student_number').notNull(),
    name: text('name').notNull(),
    status: text('status').$type<StudentStatus>().notNull().default('active'),
    gender: integer('gender').$type<StudentGender>().notNull().default(0),
    /** When the student joined the school's roster (epoch ms). */
    createdAt: bigint('created_at', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    unique('students_school_number_uq').on(t.schoolId, t.studentNumber),
    index('students_class_idx').on(t.classId),
    // a student account's roster rows in a school: every student request starts here
    index('students_user_idx').on(t.userId, t.schoolId),
    // the student lists page a whole school (10,000 rows) sorted by these
    index('students_school_name_idx').on(t.schoolId, t.name),
    index('students_school_created_idx').on(t.schoolId, t.createdAt),
  ],
);

/** The school and role a user last chose with /clientUser/userLogin (one row per user). */
export const userCurrentSchool = pgTable('user_current_school', {
  userId: bigint('user_id', { mode: 'number' })
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  schoolId: bigint('school_id', { mode: 'number' })
    .notNull()
    .references(() => schools.id, { onDelete: 'cascade' }),
  role: text('role').$type<SchoolRole>().notNull(),
  chosenAt: bigint('chosen_at', { mode: 'number' }).notNull(),
});
