import { bigint, date, index, pgTable, primaryKey } from 'drizzle-orm/pg-core';
import { users } from './identity';
import { schools } from './school';

/**
 * Who is online in a school: one row per student account, moved by the
 * heartbeat (GET /tms-server/studentMgr/refresh). A student is online while
 * `lastActiveAt` is within the last 5 minutes of the injected clock; a
 * heartbeat after a longer gap starts a new online period (`onlineSince`).
 */
export const studentOnline = pgTable(
  'student_online',
  {
    schoolId: bigint('school_id', { mode: 'number' })
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    onlineSince: bigint('online_since', { mode: 'number' }).notNull(),
    lastActiveAt: bigint('last_active_at', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.userId] }),
    index('student_online_school_active_idx').on(t.schoolId, t.lastActiveAt),
  ],
);

/**
 * Online time per student and Beijing calendar day, summed from heartbeats:
 * `courseId` 0 is the time in the school at all (today's online duration),
 * another value the part of it spent in that course (the heartbeat named the
 * course), which the statistics lists sum over a date range.
 */
export const studentActivityDays = pgTable(
  'student_activity_days',
  {
    schoolId: bigint('school_id', { mode: 'number' })
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 0 = the whole school; otherwise a course id (no foreign key: 0 names no course). */
    courseId: bigint('course_id', { mode: 'number' }).notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    durationMs: bigint('duration_ms', { mode: 'number' }).notNull().default(0),
    lastActiveAt: bigint('last_active_at', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.userId, t.courseId, t.day] }),
    index('student_activity_days_course_idx').on(t.courseId, t.day),
  ],
);
