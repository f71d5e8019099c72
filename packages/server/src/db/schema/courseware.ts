import { bigint, index, pgTable, primaryKey, text, unique } from 'drizzle-orm/pg-core';
import { users } from './identity';
import { schools } from './school';
import { courses, teachingClasses } from './teaching';

/** Courseware (课件): a named set of attachments a teacher keeps under one of their courses. */
export const courseware = pgTable(
  'courseware',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    schoolId: bigint('school_id', { mode: 'number' })
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    courseId: bigint('course_id', { mode: 'number' })
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    ownerUserId: bigint('owner_user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
    updatedAt: bigint('updated_at', { mode: 'number' }).notNull(),
  },
  (t) => [
    index('courseware_owner_idx').on(t.schoolId, t.ownerUserId),
    index('courseware_course_idx').on(t.courseId),
  ],
);

/**
 * The attachments of a courseware. The bytes live in the Storage under the
 * server-chosen `storageKey`; `fileName` is the uploader's original (often
 * Chinese) name, used only for display and the download's Content-Disposition.
 */
export const coursewareFiles = pgTable(
  'courseware_files',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    coursewareId: bigint('courseware_id', { mode: 'number' })
      .notNull()
      .references(() => courseware.id, { onDelete: 'cascade' }),
    storageKey: text('storage_key').notNull(),
    fileName: text('file_name').notNull(),
    fileSize: bigint('file_size', { mode: 'number' }).notNull(),
    contentType: text('content_type').notNull(),
    uploadedAt: bigint('uploaded_at', { mode: 'number' }).notNull(),
  },
  (t) => [unique('courseware_files_name_uq').on(t.coursewareId, t.fileName)],
);

/** The teaching classes a courseware is shared with (any class the owner teaches, across courses). */
export const coursewareShares = pgTable(
  'courseware_shares',
  {
    coursewareId: bigint('courseware_id', { mode: 'number' })
      .notNull()
      .references(() => courseware.id, { onDelete: 'cascade' }),
    teachingClassId: bigint('teaching_class_id', { mode: 'number' })
      .notNull()
      .references(() => teachingClasses.id, { onDelete: 'cascade' }),
    sharedAt: bigint('shared_at', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.coursewareId, t.teachingClassId] }),
    // the courseware shared with a student's classes and when, read from the index alone
    index('courseware_shares_class_idx').on(t.teachingClassId, t.coursewareId, t.sharedAt),
  ],
);

export type CoursewareRow = typeof courseware.$inferSelect;
export type CoursewareFileRow = typeof coursewareFiles.$inferSelect;
