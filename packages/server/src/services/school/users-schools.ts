import { asc, eq, inArray } from 'drizzle-orm';
import { type SchoolRole, schoolMembers, schools } from '../../db/schema/school';
import { compareSchoolRoles } from '../../lib/roles';
import type { AuthedCall } from '../context';
import { type ClientSchool } from './client-user';
import { parseId } from '../../lib/ids';

export interface UserSchools {
  userId: string;
  schools: ClientSchool[];
}

/**
 * POST /clientUser/user/school/get: the schools (and roles there) of each
 * named user, in the order asked, each user once. Unknown ids answer an empty
 * list rather than an error, so the answer reveals no more than school names.
 */
export async function getUsersSchools({
  ctx,
  input,
}: AuthedCall<{ userIds: string[] }>): Promise<UserSchools[]> {
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
  const byUser = new Map<number, Map<number, ClientSchool>>();
  for (const row of rows) {
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
