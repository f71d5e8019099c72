import { and, eq, inArray } from 'drizzle-orm';
import { type SchoolRole, schoolMembers } from '../../db/schema/school';
import type { AuthedCall } from '../context';
import { callersSchoolRole } from './client-user';
import { parseId } from '../../lib/ids';

/**
 * Whether the caller holds one of `roles` in a school: the one the request
 * names, or with none ("0" or absent) the caller's current school. Used by
 * the role middleware for routes whose `x-roles` name school roles.
 */
export async function holdsSchoolRole({
  ctx,
  input,
}: AuthedCall<{ schoolId: string | null; roles: SchoolRole[] }>): Promise<boolean> {
  const named = input.schoolId && input.schoolId !== '0' ? input.schoolId : null;
  let schoolId: number | null;
  if (named !== null) {
    schoolId = parseId(named);
  } else {
    const current = await callersSchoolRole(ctx);
    schoolId = current?.schoolId ?? null;
  }
  if (schoolId === null || input.roles.length === 0) return false;
  const known = ctx.auth.schoolRoles;
  if (known) return known.some((held) => held.schoolId === schoolId && input.roles.includes(held.role));
  const [row] = await ctx.db
    .select({ role: schoolMembers.role })
    .from(schoolMembers)
    .where(
      and(
        eq(schoolMembers.schoolId, schoolId),
        eq(schoolMembers.userId, ctx.auth.userId),
        inArray(schoolMembers.role, input.roles),
      ),
    )
    .limit(1);
  return row !== undefined;
}
