// Who may act on which user group, and how a group is shown.
import type { UserGroup } from '@dfrm/sdk/user/types';
import { and, asc, count, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/identity';
import { schoolMembers, schools } from '../../db/schema/school';
import { userGroupMembers, userGroups } from '../../db/schema/user-group';
import { ForbiddenError, NotFoundError } from '../../lib/errors';
import type { AuthedContext } from '../context';
import { parseId } from '../../lib/ids';

export const GROUP_NOT_FOUND_MESSAGE = '用户组不存在';
export const GROUP_FORBIDDEN_MESSAGE = '您没有管理该用户组的权限';
export const APPOINT_FORBIDDEN_MESSAGE = '只有管理员或学校管理员可以任命组管理员';

export type GroupRow = typeof userGroups.$inferSelect;

// ---- who may act on which group ------------------------------------------------

/**
 * The caller's reach over groups: an admin reaches every group; a school
 * manager the groups of the schools they manage; a group admin the groups
 * where their bindRole is 1.
 */
export interface Reach {
  all: boolean;
  managedSchoolIds: number[];
  adminGroupIds: number[];
}

export async function reachOf(ctx: AuthedContext): Promise<Reach> {
  if (ctx.auth.isAdmin) return { all: true, managedSchoolIds: [], adminGroupIds: [] };
  const managed = await ctx.db
    .select({ schoolId: schoolMembers.schoolId })
    .from(schoolMembers)
    .where(and(eq(schoolMembers.userId, ctx.auth.userId), eq(schoolMembers.role, 'schoolManager')));
  const administered = await ctx.db
    .select({ groupId: userGroupMembers.groupId })
    .from(userGroupMembers)
    .where(and(eq(userGroupMembers.userId, ctx.auth.userId), eq(userGroupMembers.bindRole, 1)));
  return {
    all: false,
    managedSchoolIds: managed.map((row) => row.schoolId),
    adminGroupIds: administered.map((row) => row.groupId),
  };
}

/** Manages the group as an admin or the school's manager (may appoint group admins, delete). */
export function managesSchoolOf(reach: Reach, group: GroupRow): boolean {
  return reach.all || reach.managedSchoolIds.includes(group.schoolId);
}

export function reaches(reach: Reach, group: GroupRow): boolean {
  return managesSchoolOf(reach, group) || reach.adminGroupIds.includes(group.id);
}

export function reachCondition(reach: Reach): SQL | undefined {
  if (reach.all) return undefined;
  const parts: SQL[] = [];
  if (reach.managedSchoolIds.length > 0) parts.push(inArray(userGroups.schoolId, reach.managedSchoolIds));
  if (reach.adminGroupIds.length > 0) parts.push(inArray(userGroups.id, reach.adminGroupIds));
  return parts.length === 0 ? sql`false` : or(...parts);
}

/** The group (6 if missing) within the caller's reach (5 otherwise). */
export async function reachableGroup(
  ctx: AuthedContext,
  idText: string,
  needs: 'reach' | 'manage' = 'reach',
): Promise<{ group: GroupRow; reach: Reach }> {
  const id = parseId(idText);
  const [group] =
    id === null ? [] : await ctx.db.select().from(userGroups).where(eq(userGroups.id, id)).limit(1);
  if (!group) throw new NotFoundError(GROUP_NOT_FOUND_MESSAGE);
  const reach = await reachOf(ctx);
  const allowed = needs === 'manage' ? managesSchoolOf(reach, group) : reaches(reach, group);
  if (!allowed) throw new ForbiddenError(GROUP_FORBIDDEN_MESSAGE);
  return { group, reach };
}

// ---- views ---------------------------------------------------------------------

export const MAX_ADMINS_SHOWN = 20;

export async function groupViews(db: Db, rows: GroupRow[]): Promise<UserGroup[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const schoolNames = new Map(
    (
      await db
        .select({ id: schools.id, name: schools.name })
        .from(schools)
        .where(inArray(schools.id, [...new Set(rows.map((row) => row.schoolId))]))
    ).map((row) => [row.id, row.name]),
  );
  const counts = await db
    .select({
      groupId: userGroupMembers.groupId,
      members: count(),
      admins: sql<number>`count(*) filter (where ${userGroupMembers.bindRole} = 1)`.mapWith(Number),
    })
    .from(userGroupMembers)
    .where(inArray(userGroupMembers.groupId, ids))
    .groupBy(userGroupMembers.groupId);
  const admins = await db
    .select({
      groupId: userGroupMembers.groupId,
      userId: users.id,
      userName: users.userName,
      realName: users.realName,
    })
    .from(userGroupMembers)
    .innerJoin(users, eq(users.id, userGroupMembers.userId))
    .where(and(inArray(userGroupMembers.groupId, ids), eq(userGroupMembers.bindRole, 1)))
    .orderBy(asc(userGroupMembers.boundAt), asc(users.id));
  return rows.map((row) => {
    const counted = counts.find((entry) => entry.groupId === row.id);
    return {
      id: String(row.id),
      name: row.name,
      description: row.description,
      schoolId: String(row.schoolId),
      schoolName: schoolNames.get(row.schoolId) ?? '',
      isSchoolDefault: row.isSchoolDefault,
      memberCount: counted?.members ?? 0,
      adminCount: counted?.admins ?? 0,
      admins: admins
        .filter((admin) => admin.groupId === row.id)
        .slice(0, MAX_ADMINS_SHOWN)
        .map((admin) => ({
          userId: String(admin.userId),
          userName: admin.userName,
          realName: admin.realName,
        })),
      createdAt: row.createdAt,
      updatedAt: row.updatedAt,
    };
  });
}

export async function groupView(db: Db, row: GroupRow): Promise<UserGroup> {
  const [view] = await groupViews(db, [row]);
  if (!view) throw new NotFoundError(GROUP_NOT_FOUND_MESSAGE);
  return view;
}

export async function accountNames(db: Db, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, userName: users.userName })
    .from(users)
    .where(inArray(users.id, ids));
  return new Map(rows.map((row) => [row.id, row.userName]));
}

/** Group admins act through the groupAdmin role, a flag of the account; appointing one grants it. */
export async function grantGroupAdmin(db: Db, userIds: number[]): Promise<void> {
  if (userIds.length === 0) return;
  await db.update(users).set({ isGroupAdmin: true }).where(inArray(users.id, userIds));
}
