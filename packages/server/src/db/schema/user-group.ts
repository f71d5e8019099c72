import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './identity';
import { schools } from './school';

/** 0 普通成员; 1 组管理员. */
export type BindRole = 0 | 1;

/** User groups (资源池) of a school; the web app uses the first group's id as poolId. */
export const userGroups = pgTable(
  'user_groups',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    schoolId: bigint('school_id', { mode: 'number' })
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    /** The school's default group (资源池), made by school/save; it cannot be deleted. */
    isSchoolDefault: boolean('is_school_default').notNull().default(false),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
    updatedAt: bigint('updated_at', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    index('user_groups_school_idx').on(t.schoolId),
    unique('user_groups_school_name_uq').on(t.schoolId, t.name),
    // at most one default group per school, even when two server processes save at once
    uniqueIndex('user_groups_school_default_uq')
      .on(t.schoolId)
      .where(sql`${t.isSchoolDefault}`),
  ],
);

export const userGroupMembers = pgTable(
  'user_group_members',
  {
    groupId: bigint('group_id', { mode: 'number' })
      .notNull()
      .references(() => userGroups.id, { onDelete: 'cascade' }),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    bindRole: integer('bind_role').$type<BindRole>().notNull().default(0),
    /** When the user joined the group (epoch ms). */
    boundAt: bigint('bound_at', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.userId] }), index('user_group_members_user_idx').on(t.userId)],
);
