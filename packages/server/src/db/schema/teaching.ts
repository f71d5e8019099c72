import {
  bigint,
  boolean,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  unique,
} from 'drizzle-orm/pg-core';
import { users } from './identity';
import { classes, schools, students } from './school';

/**
 * Courses. A course belongs to a school and to its teacher (the owner); its
 * status (未开始/进行中/已结束) is derived from the dates and today, never stored.
 */
export const courses = pgTable(
  'courses',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    schoolId: bigint('school_id', { mode: 'number' })
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    teacherUserId: bigint('teacher_user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    coverUrl: text('cover_url').notNull().default(''),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
    updatedAt: bigint('updated_at', { mode: 'number' }).notNull(),
  },
  (t) => [
    // 同一教师在同一学校内课程名不重复
    unique('courses_school_teacher_name_uq').on(t.schoolId, t.teacherUserId, t.name),
    index('courses_teacher_idx').on(t.teacherUserId),
  ],
);

/**
 * Teaching classes: a course opened on one administrative class. With
 * `wholeClass` the members are the class's current students (so students
 * imported into the class later join automatically); otherwise exactly the
 * rows of teaching_class_students.
 */
export const teachingClasses = pgTable(
  'teaching_classes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    schoolId: bigint('school_id', { mode: 'number' })
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    courseId: bigint('course_id', { mode: 'number' })
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    classId: bigint('class_id', { mode: 'number' })
      .notNull()
      .references(() => classes.id),
    name: text('name').notNull(),
    wholeClass: boolean('whole_class').notNull().default(true),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  },
  (t) => [
    index('teaching_classes_course_idx').on(t.courseId),
    index('teaching_classes_class_idx').on(t.classId),
  ],
);

/** The picked students of a teaching class whose `wholeClass` is false. */
export const teachingClassStudents = pgTable(
  'teaching_class_students',
  {
    teachingClassId: bigint('teaching_class_id', { mode: 'number' })
      .notNull()
      .references(() => teachingClasses.id, { onDelete: 'cascade' }),
    studentId: bigint('student_id', { mode: 'number' })
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.teachingClassId, t.studentId] }),
    index('teaching_class_students_student_idx').on(t.studentId),
  ],
);

/** Sections (章节, one lesson each) of a course; those with a date and times make the timetable. */
export const courseSections = pgTable(
  'course_sections',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    courseId: bigint('course_id', { mode: 'number' })
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    sortNo: integer('sort_no').notNull(),
    description: text('description').notNull().default(''),
    classDate: date('class_date', { mode: 'string' }),
    /** HH:mm */
    startTime: text('start_time'),
    /** HH:mm */
    endTime: text('end_time'),
    location: text('location').notNull().default(''),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
    updatedAt: bigint('updated_at', { mode: 'number' }).notNull(),
  },
  (t) => [
    // a sort number names one section of a course, so re-importing a file updates instead of duplicating
    unique('course_sections_course_sort_uq').on(t.courseId, t.sortNo),
    index('course_sections_date_idx').on(t.classDate),
  ],
);

export type CourseRow = typeof courses.$inferSelect;
export type TeachingClassRow = typeof teachingClasses.$inferSelect;
export type CourseSectionRow = typeof courseSections.$inferSelect;
