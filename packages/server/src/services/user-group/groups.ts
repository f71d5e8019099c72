// User groups: list, detail, create, update, delete.
import { and, count, desc, eq, ilike, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { schoolMembers, schools } from '../../db/schema/school';
import { userGroupMembers, userGroups } from '../../db/schema/user-group';
import { ConflictError, ForbiddenError, NotFoundError, RefusedError } from '../../lib/errors';
import type { Deleted, UserGroup, UserGroupPage } from '@dfrm/sdk/user/types';
import type { Input } from '../../contract/types';
import type { AuthedCall } from '../context';
import { parseId } from '../../lib/ids';
import { likePattern } from '../../lib/like';
import { isUniqueViolation } from '../../lib/db-errors';

import {
  GROUP_FORBIDDEN_MESSAGE,
  GroupRow,
  reachOf,
  reachCondition,
  reachableGroup,
  groupViews,
  groupView,
  accountNames,
  grantGroupAdmin,
} from './access';

// ---- groups --------------------------------------------------------------------

/** POST /usergroupinfo/v1/list: the groups within reach, newest first. */
export async function listUserGroups({
  ctx,
  input,
}: AuthedCall<Input<'userGroupList'>>): Promise<UserGroupPage> {
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
export async function userGroupInfo({ ctx, input }: AuthedCall<Input<'userGroupInfo'>>): Promise<UserGroup> {
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

/** POST /usergroupinfo/v1/save */
export async function saveUserGroup({ ctx, input }: AuthedCall<Input<'userGroupSave'>>): Promise<UserGroup> {
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
}: AuthedCall<Input<'userGroupUpdate'>>): Promise<UserGroup> {
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
export async function deleteUserGroup({
  ctx,
  input,
}: AuthedCall<Input<'userGroupDelete'>>): Promise<Deleted> {
  const { group } = await reachableGroup(ctx, input.id, 'manage');
  if (group.isSchoolDefault) throw new RefusedError('学校的默认用户组不能删除');
  await ctx.db.delete(userGroups).where(eq(userGroups.id, group.id));
  return { id: String(group.id) };
}
