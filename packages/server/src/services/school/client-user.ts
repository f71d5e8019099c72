import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/identity';
import { type SchoolRole, schoolMembers, schools, userCurrentSchool } from '../../db/schema/school';
import { ForbiddenError, NotFoundError } from '../../lib/errors';
import { compareSchoolRoles } from '../../lib/roles';
import type { ClientSchool, ClientUserLogin } from '@dfrm/sdk/tms/types';
import type { Input } from '../../contract/types';
import type { AuthedCall, AuthedContext } from '../context';
import { parseId } from '../../lib/ids';

export const NO_SUCH_ROLE_MESSAGE = '您在该学校没有此身份';
export const NO_SUCH_SCHOOL_MESSAGE = '学校不存在';

/** The schools of a user with their roles, schools by id, roles teacher → student → schoolManager. */
export async function schoolsOf(db: Db, userId: number): Promise<ClientSchool[]> {
  const rows = await db
    .select({ schoolId: schools.id, schoolName: schools.name, role: schoolMembers.role })
    .from(schoolMembers)
    .innerJoin(schools, eq(schools.id, schoolMembers.schoolId))
    .where(eq(schoolMembers.userId, userId))
    .orderBy(asc(schools.id));
  const bySchool = new Map<number, ClientSchool>();
  for (const row of rows) {
    const entry = bySchool.get(row.schoolId) ?? {
      schoolId: String(row.schoolId),
      schoolName: row.schoolName,
      roles: [],
    };
    entry.roles.push(row.role);
    bySchool.set(row.schoolId, entry);
  }
  const list = [...bySchool.values()];
  for (const entry of list) entry.roles.sort(compareSchoolRoles);
  return list;
}

async function displayName(db: Db, userId: number): Promise<string> {
  const [user] = await db
    .select({ realName: users.realName, userName: users.userName })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return user?.realName || user?.userName || '';
}

/** A school and role a user holds. */
interface HeldRole {
  schoolId: number;
  role: SchoolRole;
}

/**
 * The school and role the user acts in, of the ones held: the last choice while it still holds,
 * else the first school (by id) and its first role (teacher → student → schoolManager), else none.
 */
export function pickCurrentSchool(held: readonly HeldRole[], choice: HeldRole | null): HeldRole | null {
  if (choice && held.some((one) => one.schoolId === choice.schoolId && one.role === choice.role)) {
    return choice;
  }
  let first: HeldRole | null = null;
  for (const one of held) {
    if (
      !first ||
      one.schoolId < first.schoolId ||
      (one.schoolId === first.schoolId && compareSchoolRoles(one.role, first.role) < 0)
    ) {
      first = one;
    }
  }
  return first;
}

/** The school and role the user acts in (pickCurrentSchool), with the school's name and roles; null: "no school" ("0"). */
export async function currentSchoolRole(
  db: Db,
  userId: number,
): Promise<{ school: ClientSchool; role: SchoolRole } | null> {
  const list = await schoolsOf(db, userId);
  const [choice] = await db
    .select()
    .from(userCurrentSchool)
    .where(eq(userCurrentSchool.userId, userId))
    .limit(1);
  const held = list.flatMap((school) =>
    school.roles.map((role) => ({ schoolId: Number(school.schoolId), role })),
  );
  const current = pickCurrentSchool(held, choice ? { schoolId: choice.schoolId, role: choice.role } : null);
  const school = current && list.find((entry) => entry.schoolId === String(current.schoolId));
  return current && school ? { school, role: current.role } : null;
}

/**
 * The caller's current school and role: every request that names no school asks it (a class
 * answering an exam, thousands of times a minute). The session's lookup read the caller's roles
 * and choice already (auth/session.ts), so this costs no statement; an AuthInfo made another way
 * reads them.
 */
export async function callersSchoolRole(ctx: AuthedContext): Promise<HeldRole | null> {
  const { schoolRoles, currentSchool } = ctx.auth;
  if (schoolRoles && currentSchool !== undefined) return pickCurrentSchool(schoolRoles, currentSchool);
  const current = await currentSchoolRole(ctx.db, ctx.auth.userId);
  return current ? { schoolId: Number(current.school.schoolId), role: current.role } : null;
}

/** GET /clientUser/getClientSchoolList */
export async function getClientSchoolList({
  ctx,
}: AuthedCall<Input<'getClientSchoolList'>>): Promise<ClientSchool[]> {
  return schoolsOf(ctx.db, ctx.auth.userId);
}

/** GET /clientUser/v2/userLogin */
export async function getClientUserLogin({
  ctx,
}: AuthedCall<Input<'getClientUserLogin'>>): Promise<ClientUserLogin> {
  const name = await displayName(ctx.db, ctx.auth.userId);
  const current = await currentSchoolRole(ctx.db, ctx.auth.userId);
  if (!current) return { schoolId: '0', schoolName: '', name, type: null, roles: [] };
  return { ...current.school, name, type: current.role };
}

/** GET /clientUser/userLogin/{schoolId}/{role}: act as that role in that school from now on. */
export async function clientUserLogin({
  ctx,
  input,
}: AuthedCall<Input<'clientUserLogin'>>): Promise<ClientUserLogin> {
  const schoolId = parseId(input.schoolId);
  const [school] =
    schoolId === null
      ? []
      : await ctx.db.select({ id: schools.id }).from(schools).where(eq(schools.id, schoolId)).limit(1);
  if (!school) throw new NotFoundError(NO_SUCH_SCHOOL_MESSAGE);
  const [membership] = await ctx.db
    .select({ role: schoolMembers.role })
    .from(schoolMembers)
    .where(
      and(
        eq(schoolMembers.schoolId, school.id),
        eq(schoolMembers.userId, ctx.auth.userId),
        eq(schoolMembers.role, input.role),
      ),
    )
    .limit(1);
  if (!membership) throw new ForbiddenError(NO_SUCH_ROLE_MESSAGE);
  const now = ctx.clock.now();
  await ctx.db
    .insert(userCurrentSchool)
    .values({ userId: ctx.auth.userId, schoolId: school.id, role: input.role, chosenAt: now })
    .onConflictDoUpdate({
      target: userCurrentSchool.userId,
      set: { schoolId: school.id, role: input.role, chosenAt: now },
    });
  return getClientUserLogin({ ctx, input: {} });
}
