import { and, asc, eq, inArray } from 'drizzle-orm';
import { type SchoolRole, schoolMembers, schools } from '../../db/schema/school';
import { compareSchoolRoles } from '../../lib/roles';
import type { ClientSchool, UserSchools } from '@dfrm/sdk/tms/types';
import type { Input } from '../../contract/types';
import type { AuthedCall } from '../context';
import { parseId } from '../../lib/ids';

/**
 * The schools whose members' roles the caller may learn: every school for a
 * platform admin, else those where the caller teaches or manages. A student
 * learns nothing about others (who is a teacher or a manager is not theirs to map).
 */
async function schoolsInSight(ctx: AuthedCall<unknown>['ctx']): Promise<'all' | Set<number>> {
  if (ctx.auth.isAdmin) return 'all';
  const rows = await ctx.db
    .select({ schoolId: schoolMembers.schoolId })
    .from(schoolMembers)
    .where(
      and(
        eq(schoolMembers.userId, ctx.auth.userId),
        inArray(schoolMembers.role, ['teacher', 'schoolManager']),
      ),
    );
  return new Set(rows.map((row) => row.schoolId));
}

/**
 * POST /clientUser/user/school/get: the schools (and roles there) of each
 * named user, in the order asked, each user once. Callers learn everything
 * about themselves, and about others only the schools where they teach or
 * manage (all for a platform admin). Unknown ids, and users out of sight,
 * answer an empty list rather than an error, so the two cannot be told apart.
 */
export async function getUsersSchools({
  ctx,
  input,
}: AuthedCall<Input<'getUsersSchools'>>): Promise<UserSchools[]> {
  const asked = [...new Set(input.userIds)];
  const numeric = [...new Set(asked.map(parseId).filter((id): id is number => id !== null))];
  const rows =
    numeric.length === 0
      ? []
      : await ctx.db
          .select({
            userId: schoolMembers.userId,
            schoolId: schools.id,
            schoolName: schools.name,
            role: schoolMembers.role,
          })
          .from(schoolMembers)
          .innerJoin(schools, eq(schools.id, schoolMembers.schoolId))
          .where(inArray(schoolMembers.userId, numeric))
          .orderBy(asc(schools.id));
  const inSight = await schoolsInSight(ctx);
  const byUser = new Map<number, Map<number, ClientSchool>>();
  for (const row of rows) {
    if (row.userId !== ctx.auth.userId && inSight !== 'all' && !inSight.has(row.schoolId)) continue;
    const mine = byUser.get(row.userId) ?? new Map<number, ClientSchool>();
    const school = mine.get(row.schoolId) ?? {
      schoolId: String(row.schoolId),
      schoolName: row.schoolName,
      roles: [] as SchoolRole[],
    };
    school.roles.push(row.role);
    mine.set(row.schoolId, school);
    byUser.set(row.userId, mine);
  }
  return asked.map((raw) => {
    const id = parseId(raw);
    const list = id === null ? [] : [...(byUser.get(id)?.values() ?? [])];
    for (const school of list) school.roles.sort(compareSchoolRoles);
    return { userId: raw, schools: list };
  });
}
