import { and, asc, eq } from 'drizzle-orm';
import { userGroupMembers, userGroups } from '../../db/schema/user-group';
import type { OwnUserGroup } from '@dfrm/sdk/user/types';
import type { Input } from '../../contract/types';
import type { AuthedCall } from '../context';
import { parseId } from '../../lib/ids';

/** POST /usergroupinfo/v1/getOwnUserGroup: the caller's groups in one school (none for an unknown school). */
export async function getOwnUserGroups({
  ctx,
  input,
}: AuthedCall<Input<'getOwnUserGroup'>>): Promise<OwnUserGroup[]> {
  const schoolId = parseId(input.schoolId);
  if (schoolId === null) return [];
  const rows = await ctx.db
    .select({
      id: userGroups.id,
      name: userGroups.name,
      schoolId: userGroups.schoolId,
      bindRole: userGroupMembers.bindRole,
    })
    .from(userGroupMembers)
    .innerJoin(userGroups, eq(userGroups.id, userGroupMembers.groupId))
    .where(and(eq(userGroupMembers.userId, ctx.auth.userId), eq(userGroups.schoolId, schoolId)))
    .orderBy(asc(userGroups.id));
  return rows.map((row) => ({
    id: String(row.id),
    bindRole: row.bindRole,
    name: row.name,
    schoolId: String(row.schoolId),
  }));
}
