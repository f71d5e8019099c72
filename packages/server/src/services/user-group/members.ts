// The members of a user group: list, bind and unbind (one by one or from rows of a sheet).
import { and, asc, count, desc, eq, ilike, inArray, or, type SQL } from 'drizzle-orm';
import { lockRowsForUpdate, transactionWithRetry } from '../../db/retry';
import { users } from '../../db/schema/identity';
import { type SchoolRole, schoolMembers } from '../../db/schema/school';
import { type BindRole, userGroupMembers, userGroups } from '../../db/schema/user-group';
import { ForbiddenError, RefusedError } from '../../lib/errors';
import { compareSchoolRoles } from '../../lib/roles';
import type {
  UserGroupBindResult,
  UserGroupImportFailure,
  UserGroupImportResult,
  UserGroupMemberPage,
  UserGroupUnbindResult,
} from '@dfrm/sdk/user/types';
import type { Input } from '../../contract/types';
import type { AuthedCall, AuthedContext } from '../context';
import { parseId } from '../../lib/ids';
import { likePattern } from '../../lib/like';

import {
  APPOINT_FORBIDDEN_MESSAGE,
  GroupRow,
  managesSchoolOf,
  reachableGroup,
  accountNames,
  grantGroupAdmin,
} from './access';

// ---- members -------------------------------------------------------------------

function maskPhone(phone: string | null): string {
  if (!phone) return '';
  return phone.length >= 11 ? `${phone.slice(0, 3)}****${phone.slice(-4)}` : phone;
}

/** POST /usergroupinfo/v1/user/list: group admins first, then the newest members. */
export async function listUserGroupMembers({
  ctx,
  input,
}: AuthedCall<Input<'userGroupUserList'>>): Promise<UserGroupMemberPage> {
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
}: AuthedCall<Input<'userGroupUserBind'>>): Promise<UserGroupBindResult> {
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
}: AuthedCall<Input<'userGroupUserUnbind'>>): Promise<UserGroupUnbindResult> {
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
}: AuthedCall<
  Required<Pick<Input<'userGroupUserBindByFile'>, 'groupId' | 'defaultBindRole'>> & { rows: MemberFileRow[] }
>): Promise<UserGroupImportResult> {
  const { group, reach } = await reachableGroup(ctx, input.groupId);
  const manages = managesSchoolOf(reach, group);
  const failedRows: UserGroupImportFailure[] = [];
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
export async function assertGroupReachable({
  ctx,
  input,
}: AuthedCall<Pick<Input<'userGroupUserBindByFile'>, 'groupId'>>): Promise<void> {
  await reachableGroup(ctx, input.groupId);
}
