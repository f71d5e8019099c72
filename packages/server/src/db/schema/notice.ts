import { bigint, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { users } from './identity';
import { schools } from './school';
import { courses, teachingClasses } from './teaching';

/** 0 草稿 (students do not see it); 1 已发布. */
export type NoticeStatus = 0 | 1;

/**
 * Course notices (通知公告). `content` is HTML already sanitized on the server;
 * `summary` is its plain text cut to 100 characters, kept so lists need no body.
 */
export const notices = pgTable(
  'notices',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    schoolId: bigint('school_id', { mode: 'number' })
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    courseId: bigint('course_id', { mode: 'number' })
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    authorUserId: bigint('author_user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    title: text('title').notNull(),
    content: text('content').notNull(),
    summary: text('summary').notNull(),
    status: integer('status').$type<NoticeStatus>().notNull().default(0),
    /** First publication; a notice turned back into a draft keeps it. */
    publishedAt: bigint('published_at', { mode: 'number' }),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
    updatedAt: bigint('updated_at', { mode: 'number' }).notNull(),
  },
  (t) => [
    index('notices_author_idx').on(t.schoolId, t.authorUserId),
    index('notices_course_idx').on(t.courseId),
  ],
);

/** The teaching classes whose students see a (published) notice. */
export const noticeVisibility = pgTable(
  'notice_visibility',
  {
    noticeId: bigint('notice_id', { mode: 'number' })
      .notNull()
      .references(() => notices.id, { onDelete: 'cascade' }),
    teachingClassId: bigint('teaching_class_id', { mode: 'number' })
      .notNull()
      .references(() => teachingClasses.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.noticeId, t.teachingClassId] }),
    // the notices visible to a student's classes, read from the index alone
    index('notice_visibility_class_idx').on(t.teachingClassId, t.noticeId),
  ],
);

/** Read receipts: the first time a student account opened a notice. */
export const noticeViews = pgTable(
  'notice_views',
  {
    noticeId: bigint('notice_id', { mode: 'number' })
      .notNull()
      .references(() => notices.id, { onDelete: 'cascade' }),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    viewedAt: bigint('viewed_at', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.noticeId, t.userId] }), index('notice_views_user_idx').on(t.userId)],
);

export type NoticeRow = typeof notices.$inferSelect;
