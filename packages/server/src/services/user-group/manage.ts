import { and, asc, count, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { lockRowsForUpdate, transactionWithRetry } from '../../db/retry';
import { users } from '../../db/schema/identity';
import { type SchoolRole, schoolMembers, schools } from '../../db/schema/school';
import { type BindRole, userGroupMembers, userGroups } from '../../db/schema/user-group';
import { ConflictError, ForbiddenError, NotFoundError, RefusedError } from '../../lib/errors';
import { compareSchoolRoles } from '../../lib/roles';
import type { AuthedCall, AuthedContext } from '../context';
import { parseId } from '../../lib/ids';
import { likePattern } from '../../lib/like';
import { isUniqueViolation } from '../../lib/db-errors';

export const GROUP_NOT_FOUND_MESSAGE = '用户组不存在';
export const GROUP_FORBIDDEN_MESSAGE = '您没有管理该用户组的权限';
export const APPOINT_FORBIDDEN_MESSAGE = '只有管理员或学校管理员可以任命组管理员';

type GroupRow = typeof userGroups.$inferSelect;

// ---- who may act on which group ------------------------------------------------

/**
 * The caller's reach over groups: an admin reaches every group; a school
 * manager the groups of the schools they manage; a group admin the groups
 * where their bindRole is 1.
 */
interface Reach {
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
function managesSchoolOf(reach: Reach, group: GroupRow): boolean {
  return reach.all || reach.managedSchoolIds.includes(group.schoolId);
}

function reaches(reach: Reach, group: GroupRow): boolean {
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
async function reachableGroup(
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

const MAX_ADMINS_SHOWN = 20;

async function groupViews(db: Db, rows: GroupRow[]) {
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

export async function groupView(db: Db, row: GroupRow) {
  const [view] = await groupViews(db, [row]);
  if (!view) throw new NotFoundError(GROUP_NOT_FOUND_MESSAGE);
  return view;
}

// ---- groups --------------------------------------------------------------------

/** POST /usergroupinfo/v1/list: the groups within reach, newest first. */
export async function listUserGroups({
  ctx,
  input,
}: AuthedCall<{
  pageIndex: number;
  pageSize: number;
  schoolId?: string | undefined;
  keyword?: string | undefined;
}>) {
  const reach = await reachOf(ctx);
  const where: (SQL | undefined)[] = [reachCondition(reach)];
  if (input.schoolId !== undefined && input.schoolId !== '0') {
    const schoolId = parseId(input.schoolId);
    where.push(schoolId === null ? sql`false` : eq(userGroups.schoolId, schoolId));
  }
  const keyword = input.keyword?.trim();
  if (keyword) where.push(ilike(userGroups.name, likePattern(keyword)));
  const condition = and(...where);
  const [total] = await ctx.db.select({ n: count() }).from(userGroups).where(condition);
  const rows = await ctx.db
    .select()
    .from(userGroups)
    .where(condition)
    .orderBy(desc(userGroups.createdAt), desc(userGroups.id))
    .limit(input.pageSize)
    .offset((input.pageIndex - 1) * input.pageSize);
  return { list: await groupViews(ctx.db, rows), total: total?.n ?? 0 };
}

/** POST /usergroupinfo/v1/info */
export async function userGroupInfo({ ctx, input }: AuthedCall<{ id: string }>) {
  const { group } = await reachableGroup(ctx, input.id);
  return groupView(ctx.db, group);
}

/** Users given as group admins must be members of the school; answers their ids. */
async function schoolMemberIds(
  db: Db,
  schoolId: number,
  idTexts: readonly string[],
): Promise<Map<string, number>> {
  const parsed = idTexts.map((text) => [text, parseId(text)] as const);
  const ids = parsed.flatMap(([, id]) => (id === null ? [] : [id]));
  const members =
    ids.length === 0
      ? []
      : await db
          .selectDistinct({ userId: schoolMembers.userId })
          .from(schoolMembers)
          .where(and(eq(schoolMembers.schoolId, schoolId), inArray(schoolMembers.userId, ids)));
  const memberSet = new Set(members.map((row) => row.userId));
  const result = new Map<string, number>();
  for (const [text, id] of parsed) if (id !== null && memberSet.has(id)) result.set(text, id);
  return result;
}

async function accountNames(db: Db, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, userName: users.userName })
    .from(users)
    .where(inArray(users.id, ids));
  return new Map(rows.map((row) => [row.id, row.userName]));
}

/** Group admins act through the groupAdmin role, a flag of the account; appointing one grants it. */
async function grantGroupAdmin(db: Db, userIds: number[]): Promise<void> {
  if (userIds.length === 0) return;
  await db.update(users).set({ isGroupAdmin: true }).where(inArray(users.id, userIds));
}

/** POST /usergroupinfo/v1/save */
export async function saveUserGroup({
  ctx,
  input,
}: AuthedCall<{
  schoolId: string;
  name: string;
  description?: string | undefined;
  adminUserIds?: string[] | undefined;
}>) {
  const schoolId = parseId(input.schoolId);
  const [school] =
    schoolId === null ? [] : await ctx.db.select().from(schools).where(eq(schools.id, schoolId)).limit(1);
  if (!school) throw new NotFoundError('学校不存在');
  const reach = await reachOf(ctx);
  if (!reach.all && !reach.managedSchoolIds.includes(school.id))
    throw new ForbiddenError(GROUP_FORBIDDEN_MESSAGE);
  const name = input.name.trim();
  if (!name) throw new RefusedError('组名不能为空');
  const adminTexts = [...new Set(input.adminUserIds ?? [])];
  const members = await schoolMemberIds(ctx.db, school.id, adminTexts);
  const stranger = adminTexts.find((text) => !members.has(text));
  if (stranger !== undefined) {
    const id = parseId(stranger);
    const names = id === null ? new Map<number, string>() : await accountNames(ctx.db, [id]);
    const label = id !== null && names.has(id) ? `账号 ${names.get(id)}` : `用户 ${stranger}`;
    throw new RefusedError(`${label} 不是该学校的成员，不能设为组管理员`);
  }
  const now = ctx.clock.now();
  let created: GroupRow | undefined;
  try {
    created = await ctx.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(userGroups)
        .values({
          schoolId: school.id,
          name,
          description: input.description ?? '',
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      if (!row) throw new Error('group not created');
      const adminIds = [...members.values()];
      if (adminIds.length > 0) {
        await tx
          .insert(userGroupMembers)
          .values(
            adminIds.map((userId) => ({ groupId: row.id, userId, bindRole: 1 as const, boundAt: now })),
          );
        await grantGroupAdmin(tx, adminIds);
      }
      return row;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new ConflictError(`本校已有名为“${name}”的用户组`);
    throw error;
  }
  return groupView(ctx.db, created);
}

/** POST /usergroupinfo/v1/update: only the given fields. */
export async function updateUserGroup({
  ctx,
  input,
}: AuthedCall<{ id: string; name?: string | undefined; description?: string | undefined }>) {
  const { group } = await reachableGroup(ctx, input.id);
  const name = input.name?.trim();
  if (input.name !== undefined && !name) throw new RefusedError('组名不能为空');
  try {
    const [row] = await ctx.db
      .update(userGroups)
      .set({
        ...(name !== undefined ? { name } : {}),
        ...(input.description !== undefined ? { description: input.description } : {}),
        updatedAt: ctx.clock.now(),
      })
      .where(eq(userGroups.id, group.id))
      .returning();
    return groupView(ctx.db, row ?? group);
  } catch (error) {
    if (isUniqueViolation(error)) throw new ConflictError(`本校已有名为“${name}”的用户组`);
    throw error;
  }
}

/**
 * POST /usergroupinfo/v1/delete. The server keeps no resource-group or cloud
 * database bindings yet, so nothing else can hold a group back than being
 * the school's default.
 */
export async function deleteUserGroup({ ctx, input }: AuthedCall<{ id: string }>) {
  const { group } = await reachableGroup(ctx, input.id, 'manage');
  if (group.isSchoolDefault) throw new RefusedError('学校的默认用户组不能删除');
  await ctx.db.delete(userGroups).where(eq(userGroups.id, group.id));
  return { id: String(group.id) };
}

// ---- members -------------------------------------------------------------------

function maskPhone(phone: string | null): string {
  if (!phone) return '';
  return phone.length >= 11 ? `${phone.slice(0, 3)}****${phone.slice(-4)}` : phone;
}

/** POST /usergroupinfo/v1/user/list: group admins first, then the newest members. */
export async function listUserGroupMembers({
  ctx,
  input,
}: AuthedCall<{
  groupId: string;
  pageIndex: number;
  pageSize: number;
  keyword?: string | undefined;
  bindRole?: BindRole | undefined;
}>) {
  const { group } = await reachableGroup(ctx, input.groupId);
  const where: (SQL | undefined)[] = [eq(userGroupMembers.groupId, group.id)];
  if (input.bindRole !== undefined) where.push(eq(userGroupMembers.bindRole, input.bindRole));
  const keyword = input.keyword?.trim();
  if (keyword) {
    const pattern = likePattern(keyword);
    where.push(or(ilike(users.userName, pattern), ilike(users.realName, pattern)));
  }
  const condition = and(...where);
  const [total] = await ctx.db
    .select({ n: count() })
    .from(userGroupMembers)
    .innerJoin(users, eq(users.id, userGroupMembers.userId))
    .where(condition);
  const rows = await ctx.db
    .select({
      userId: users.id,
      userName: users.userName,
      realName: users.realName,
      phoneNumber: users.phoneNumber,
      bindRole: userGroupMembers.bindRole,
      boundAt: userGroupMembers.boundAt,
    })
    .from(userGroupMembers)
    .innerJoin(users, eq(users.id, userGroupMembers.userId))
    .where(condition)
    .orderBy(desc(userGroupMembers.bindRole), desc(userGroupMembers.boundAt), asc(users.id))
    .limit(input.pageSize)
    .offset((input.pageIndex - 1) * input.pageSize);
  const roles =
    rows.length === 0
      ? []
      : await ctx.db
          .select({ userId: schoolMembers.userId, role: schoolMembers.role })
          .from(schoolMembers)
          .where(
            and(
              eq(schoolMembers.schoolId, group.schoolId),
              inArray(
                schoolMembers.userId,
                rows.map((row) => row.userId),
              ),
            ),
          );
  return {
    list: rows.map((row) => ({
      userId: String(row.userId),
      userName: row.userName,
      realName: row.realName,
      phoneNumber: maskPhone(row.phoneNumber),
      schoolRoles: roles
        .filter((entry) => entry.userId === row.userId)
        .map((entry) => entry.role)
        .sort(compareSchoolRoles) as SchoolRole[],
      bindRole: row.bindRole,
      boundAt: row.boundAt,
    })),
    total: total?.n ?? 0,
  };
}

interface BindRequest {
  /** As given on the wire (the answer names it back). */
  label: string;
  userId: number | null;
  bindRole: BindRole;
}

interface BindOutcome {
  bound: number;
  updated: number;
  skipped: { label: string; reason: string }[];
}

/**
 * Binds users one by one: strangers to the school and unknown users are
 * skipped with a reason; members already in the group take the new role.
 * A group admin (who does not manage the school) may neither appoint nor
 * demote group admins.
 */
async function bindUsers(ctx: AuthedContext, group: GroupRow, manages: boolean, requests: BindRequest[]) {
  const outcome: BindOutcome = { bound: 0, updated: 0, skipped: [] };
  const ids = [...new Set(requests.flatMap((request) => (request.userId === null ? [] : [request.userId])))];
  const known = await accountNames(ctx.db, ids);
  const members = new Set(
    ids.length === 0
      ? []
      : (
          await ctx.db
            .selectDistinct({ userId: schoolMembers.userId })
            .from(schoolMembers)
            .where(and(eq(schoolMembers.schoolId, group.schoolId), inArray(schoolMembers.userId, ids)))
        ).map((row) => row.userId),
  );
  const now = ctx.clock.now();
  const appointed: number[] = [];
  await transactionWithRetry(ctx.db, async (tx) => {
    // binds and unbinds of one group queue up on its row; who is in it is read after the lock
    await lockRowsForUpdate(tx, userGroups.id, [group.id]);
    Object.assign(outcome, { bound: 0, updated: 0, skipped: [] });
    appointed.length = 0;
    const current = new Map(
      (ids.length === 0
        ? []
        : await tx
            .select({ userId: userGroupMembers.userId, bindRole: userGroupMembers.bindRole })
            .from(userGroupMembers)
            .where(and(eq(userGroupMembers.groupId, group.id), inArray(userGroupMembers.userId, ids)))
      ).map((row) => [row.userId, row.bindRole]),
    );
    for (const request of requests) {
      const { userId } = request;
      if (userId === null || !known.has(userId)) {
        outcome.skipped.push({ label: request.label, reason: '用户不存在' });
        continue;
      }
      if (!members.has(userId)) {
        outcome.skipped.push({ label: request.label, reason: '不是该学校成员' });
        continue;
      }
      const before = current.get(userId);
      if (!manages && (request.bindRole === 1 || before === 1)) {
        outcome.skipped.push({ label: request.label, reason: APPOINT_FORBIDDEN_MESSAGE });
        continue;
      }
      if (before === undefined) {
        await tx
          .insert(userGroupMembers)
          .values({ groupId: group.id, userId, bindRole: request.bindRole, boundAt: now });
        outcome.bound += 1;
      } else if (before !== request.bindRole) {
        await tx
          .update(userGroupMembers)
          .set({ bindRole: request.bindRole })
          .where(and(eq(userGroupMembers.groupId, group.id), eq(userGroupMembers.userId, userId)));
        outcome.updated += 1;
      }
      current.set(userId, request.bindRole);
      if (request.bindRole === 1) appointed.push(userId);
    }
    await grantGroupAdmin(tx, appointed);
  });
  return outcome;
}

/** POST /usergroupinfo/v1/user/bind */
export async function bindUserGroupUsers({
  ctx,
  input,
}: AuthedCall<{ groupId: string; userIds: string[]; bindRole?: BindRole | undefined }>) {
  const { group, reach } = await reachableGroup(ctx, input.groupId);
  const manages = managesSchoolOf(reach, group);
  const bindRole = input.bindRole ?? 0;
  if (bindRole === 1 && !manages) throw new ForbiddenError(APPOINT_FORBIDDEN_MESSAGE);
  const outcome = await bindUsers(
    ctx,
    group,
    manages,
    [...new Set(input.userIds)].map((text) => ({ label: text, userId: parseId(text), bindRole })),
  );
  return {
    groupId: String(group.id),
    bound: outcome.bound,
    updated: outcome.updated,
    skipped: outcome.skipped.map((entry) => ({ userId: entry.label, reason: entry.reason })),
  };
}

/** POST /usergroupinfo/v1/user/unbind */
export async function unbindUserGroupUsers({
  ctx,
  input,
}: AuthedCall<{ groupId: string; userIds: string[] }>) {
  const { group, reach } = await reachableGroup(ctx, input.groupId);
  const manages = managesSchoolOf(reach, group);
  const ids = [...new Set(input.userIds.flatMap((text) => parseId(text) ?? []))];
  if (!manages && ids.includes(ctx.auth.userId)) throw new RefusedError('组管理员不能把自己移出用户组');
  const removed = await transactionWithRetry(ctx.db, async (tx) => {
    // binds and unbinds of one group queue up on its row; who is in it is read after the lock
    await lockRowsForUpdate(tx, userGroups.id, [group.id]);
    const present =
      ids.length === 0
        ? []
        : await tx
            .select({ userId: userGroupMembers.userId, bindRole: userGroupMembers.bindRole })
            .from(userGroupMembers)
            .where(and(eq(userGroupMembers.groupId, group.id), inArray(userGroupMembers.userId, ids)));
    if (!manages && present.some((row) => row.bindRole === 1))
      throw new ForbiddenError('只有管理员或学校管理员可以移出组管理员');
    const userIds = present.map((row) => row.userId);
    if (userIds.length > 0) {
      await tx
        .delete(userGroupMembers)
        .where(and(eq(userGroupMembers.groupId, group.id), inArray(userGroupMembers.userId, userIds)));
    }
    return userIds;
  });
  return { groupId: String(group.id), unbound: removed.length, userIds: removed.map(String) };
}

// ---- by file ---------------------------------------------------------------------

export interface MemberFileRow {
  rowNumber: number;
  account: string;
  role: string;
}

/** POST /usergroupinfo/v1/user/bind/{groupId}/by/file, after the file was read: every row on its own. */
export async function bindUserGroupUsersFromRows({
  ctx,
  input,
}: AuthedCall<{ groupId: string; rows: MemberFileRow[]; defaultBindRole: BindRole }>) {
  const { group, reach } = await reachableGroup(ctx, input.groupId);
  const manages = managesSchoolOf(reach, group);
  const failedRows: { row: number; account: string; reason: string }[] = [];
  const accounts = [...new Set(input.rows.map((row) => row.account).filter(Boolean))];
  const found =
    accounts.length === 0
      ? []
      : await ctx.db
          .select({ id: users.id, userName: users.userName, phone: users.phoneNumber })
          .from(users)
          .where(or(inArray(users.userName, accounts), inArray(users.phoneNumber, accounts)));
  const idOf = (account: string) =>
    (found.find((row) => row.userName === account) ?? found.find((row) => row.phone === account))?.id ?? null;

  const requests: (BindRequest & { rowNumber: number })[] = [];
  const seen = new Map<number, number>();
  for (const row of input.rows) {
    const fail = (reason: string) => failedRows.push({ row: row.rowNumber, account: row.account, reason });
    if (!row.account) {
      fail('账号不能为空');
      continue;
    }
    const role = row.role === '' ? input.defaultBindRole : row.role === '0' ? 0 : row.role === '1' ? 1 : null;
    if (role === null) {
      fail('组内角色只能填写 0 或 1');
      continue;
    }
    const userId = idOf(row.account);
    if (userId !== null && seen.has(userId)) {
      fail(`账号在文件中重复（与第 ${seen.get(userId)} 行相同）`);
      continue;
    }
    if (userId !== null) seen.set(userId, row.rowNumber);
    requests.push({ label: String(row.rowNumber), userId, bindRole: role, rowNumber: row.rowNumber });
  }
  const outcome = await bindUsers(ctx, group, manages, requests);
  for (const skipped of outcome.skipped) {
    const rowNumber = Number(skipped.label);
    failedRows.push({
      row: rowNumber,
      account: input.rows.find((row) => row.rowNumber === rowNumber)?.account ?? '',
      reason: skipped.reason === '用户不存在' ? '账号不存在' : skipped.reason,
    });
  }
  failedRows.sort((a, b) => a.row - b.row);
  return {
    groupId: String(group.id),
    totalRows: input.rows.length,
    bound: outcome.bound,
    updated: outcome.updated,
    failedRows,
  };
}

/** The group a file is for, checked before the file is read (6/5). */
export async function assertGroupReachable({ ctx, input }: AuthedCall<{ groupId: string }>): Promise<void> {
  await reachableGroup(ctx, input.groupId);
}
