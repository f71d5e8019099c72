import { and, asc, count, eq, inArray, notInArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { schoolMembers, schools } from '../../db/schema/school';
import { userGroupMembers, userGroups } from '../../db/schema/user-group';
import {
  ConflictError,
  ForbiddenError,
  InvalidInputError,
  NotFoundError,
  RefusedError,
} from '../../lib/errors';
import type { UserGroup, UserGroupRefreshResult, UserGroupSchool } from '@dfrm/sdk/user/types';
import type { Input } from '../../contract/types';
import type { AuthedCall } from '../context';
import { NO_SUCH_ROLE_MESSAGE, NO_SUCH_SCHOOL_MESSAGE } from '../school/client-user';
import { groupView, reachCondition, reachOf } from './access';
import { parseId } from '../../lib/ids';
import { isUniqueViolation } from '../../lib/db-errors';
import { resolveSchoolId } from '../school/resolve-school';

// The school's default group (学校资源池): one per school, made by school/save,
// filled from the school's roster by school/refrash/user/bind/{schoolId}.

export const DEFAULT_GROUP_SUFFIX = '资源池';
export const NO_DEFAULT_GROUP_MESSAGE = '该学校还没有默认用户组，请先保存学校默认用户组';
const MAX_SCHOOLS_LISTED = 5000;

/**
 * Locks the school row for the rest of the transaction, so that saves and
 * refreshes of one school run one after another even across server
 * processes. NO KEY UPDATE, not UPDATE: rows referencing the school (new
 * members, courses) take KEY SHARE and must not wait for us.
 */
async function lockSchool(tx: Db, schoolId: number) {
  const [school] = await tx
    .select({ id: schools.id, name: schools.name })
    .from(schools)
    .where(eq(schools.id, schoolId))
    .for('no key update');
  return school;
}

async function defaultGroupOf(tx: Db, schoolId: number) {
  const [group] = await tx
    .select()
    .from(userGroups)
    .where(and(eq(userGroups.schoolId, schoolId), eq(userGroups.isSchoolDefault, true)))
    .limit(1);
  return group;
}

/** POST /usergroupinfo/v1/school/save: creates the school's default group, or renames it. */
export async function saveSchoolUserGroup({
  ctx,
  input,
}: AuthedCall<Input<'userGroupSchoolSave'>>): Promise<UserGroup> {
  if (input.schoolId === '0') throw new InvalidInputError('参数 schoolId 不能为 "0"，请指定学校');
  const schoolId = parseId(input.schoolId);
  if (schoolId === null) throw new NotFoundError(NO_SUCH_SCHOOL_MESSAGE);
  const given = input.name?.trim();
  if (input.name !== undefined && !given) throw new InvalidInputError('参数 name 不能为空');
  const now = ctx.clock.now();
  let attempted = given ?? '';
  try {
    const saved = await ctx.db.transaction(async (tx) => {
      const school = await lockSchool(tx, schoolId);
      if (!school) throw new NotFoundError(NO_SUCH_SCHOOL_MESSAGE);
      const existing = await defaultGroupOf(tx, school.id);
      if (existing) {
        if (given === undefined || given === existing.name) return existing;
        const [renamed] = await tx
          .update(userGroups)
          .set({ name: given, updatedAt: now })
          .where(eq(userGroups.id, existing.id))
          .returning();
        return renamed ?? existing;
      }
      attempted = given ?? `${school.name}${DEFAULT_GROUP_SUFFIX}`;
      const [created] = await tx
        .insert(userGroups)
        .values({
          schoolId: school.id,
          name: attempted,
          isSchoolDefault: true,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      if (!created) throw new Error('default group not created');
      return created;
    });
    return await groupView(ctx.db, saved);
  } catch (error) {
    if (isUniqueViolation(error)) throw new ConflictError(`本校已有名为“${attempted}”的用户组`);
    throw error;
  }
}

/**
 * POST /usergroupinfo/v1/get/group/schoolIds: the schools that have groups
 * the caller reaches (an admin all, a school manager the schools they
 * manage, a group admin the schools of their groups), optionally only those
 * of the given groups. groupCount counts the groups within that reach, so a
 * group admin learns nothing about the other groups of a school; whether the
 * school has a default group is a fact about the school.
 */
export async function userGroupSchools({
  ctx,
  input,
}: AuthedCall<Input<'getUserGroupSchoolIds'>>): Promise<UserGroupSchool[]> {
  const reach = await reachOf(ctx);
  const where: (SQL | undefined)[] = [reachCondition(reach)];
  if (input.groupIds !== undefined) {
    const ids = [...new Set(input.groupIds.flatMap((text) => parseId(text) ?? []))];
    where.push(ids.length === 0 ? sql`false` : inArray(userGroups.id, ids));
  }
  const rows = await ctx.db
    .select({
      schoolId: userGroups.schoolId,
      schoolName: schools.name,
      groupCount: count(),
      hasDefaultGroup: sql<boolean>`exists (select 1 from ${userGroups} as d where d.school_id = ${userGroups.schoolId} and d.is_school_default)`,
    })
    .from(userGroups)
    .innerJoin(schools, eq(schools.id, userGroups.schoolId))
    .where(and(...where))
    .groupBy(userGroups.schoolId, schools.name)
    .orderBy(asc(userGroups.schoolId))
    .limit(MAX_SCHOOLS_LISTED);
  return rows.map((row) => ({
    schoolId: String(row.schoolId),
    schoolName: row.schoolName,
    groupCount: row.groupCount,
    hasDefaultGroup: Boolean(row.hasDefaultGroup),
  }));
}

/**
 * POST /usergroupinfo/v1/school/refrash/user/bind/{schoolId}: the default
 * group follows the school's roster. Missing members join with bindRole 0
 * in one INSERT … SELECT … ON CONFLICT DO NOTHING, members who left the school
 * are removed, everyone else keeps their bindRole. The school row lock makes
 * two refreshes of one school (two clicks, two server processes) run in turn;
 * the primary key of the membership table would keep them correct anyway.
 */
export async function refreshSchoolUserGroup({
  ctx,
  input,
}: AuthedCall<Input<'userGroupSchoolRefreshUserBind'>>): Promise<UserGroupRefreshResult> {
  const schoolId = await resolveSchoolId(ctx, input.schoolId);
  const reach = await reachOf(ctx);
  // the role middleware checked the school manager role in this very school; ownership is checked here too
  if (!reach.all && !reach.managedSchoolIds.includes(schoolId))
    throw new ForbiddenError(NO_SUCH_ROLE_MESSAGE);
  const removeLeft = input.removeLeft ?? true;
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const school = await lockSchool(tx, schoolId);
    if (!school) throw new NotFoundError(NO_SUCH_SCHOOL_MESSAGE);
    const group = await defaultGroupOf(tx, school.id);
    if (!group) throw new RefusedError(NO_DEFAULT_GROUP_MESSAGE);
    const roster = tx
      .selectDistinct({ userId: schoolMembers.userId })
      .from(schoolMembers)
      .where(eq(schoolMembers.schoolId, school.id));
    const added = await tx
      .insert(userGroupMembers)
      .select(
        tx
          .selectDistinct({
            groupId: sql<number>`${group.id}::bigint`.as('group_id'),
            userId: schoolMembers.userId,
            bindRole: sql<0>`0`.as('bind_role'),
            boundAt: sql<number>`${now}::bigint`.as('bound_at'),
          })
          .from(schoolMembers)
          .where(eq(schoolMembers.schoolId, school.id)),
      )
      .onConflictDoNothing()
      .returning({ userId: userGroupMembers.userId });
    const removed = removeLeft
      ? await tx
          .delete(userGroupMembers)
          .where(and(eq(userGroupMembers.groupId, group.id), notInArray(userGroupMembers.userId, roster)))
          .returning({ userId: userGroupMembers.userId })
      : [];
    const [members] = await tx
      .select({ n: count() })
      .from(userGroupMembers)
      .where(eq(userGroupMembers.groupId, group.id));
    return {
      schoolId: String(school.id),
      groupId: String(group.id),
      added: added.length,
      removed: removed.length,
      memberCount: members?.n ?? 0,
    };
  });
}
