import { and, asc, count, eq, ilike, inArray, like, not, or, type SQL, sql } from 'drizzle-orm';
import { users } from '../../db/schema/identity';
import { schoolMembers, schools } from '../../db/schema/school';
import { userGroupMembers, userGroups } from '../../db/schema/user-group';
import { ForbiddenError, InvalidInputError } from '../../lib/errors';
import { parseId } from '../../lib/ids';
import { likePattern } from '../../lib/like';
import { offsetOf } from '../../lib/paging';
import { compareSchoolRoles } from '../../lib/roles';
import type { UserSchoolRoles, UserSearchItem, UserSearchPage } from '@dfrm/sdk/user/types';
import type { Input } from '../../contract/types';
import type { AuthedCall, AuthedContext } from '../context';

const OUT_OF_SCOPE_MESSAGE = '只能搜索您任教、管理或负责用户组的学校的用户';

/** The schools a caller may search in: all for an admin, else where they teach, manage or run a group. */
async function searchableSchools(ctx: AuthedContext): Promise<'all' | Set<number>> {
  if (ctx.auth.isAdmin) return 'all';
  const taught = await ctx.db
    .select({ schoolId: schoolMembers.schoolId })
    .from(schoolMembers)
    .where(
      and(
        eq(schoolMembers.userId, ctx.auth.userId),
        inArray(schoolMembers.role, ['teacher', 'schoolManager']),
      ),
    );
  const run = ctx.auth.isGroupAdmin
    ? await ctx.db
        .select({ schoolId: userGroups.schoolId })
        .from(userGroupMembers)
        .innerJoin(userGroups, eq(userGroups.id, userGroupMembers.groupId))
        .where(and(eq(userGroupMembers.userId, ctx.auth.userId), eq(userGroupMembers.bindRole, 1)))
    : [];
  return new Set([...taught, ...run].map((row) => Number(row.schoolId)));
}

/** 138****0000: others' numbers are for admins only. */
function maskPhone(phone: string): string {
  return phone.length === 11 ? `${phone.slice(0, 3)}****${phone.slice(7)}` : phone;
}

/**
 * POST /user/user/search: accounts by keyword, school and role, oldest first.
 * An admin searches everything; anyone else names a school they teach, manage
 * or run a group in, and sees only those schools of each user and masked phones.
 */
export async function searchUsers({ ctx, input }: AuthedCall<Input<'searchUsers'>>): Promise<UserSearchPage> {
  const inScope = await searchableSchools(ctx);
  const schoolId = input.schoolId && input.schoolId !== '0' ? parseId(input.schoolId) : null;
  if (input.schoolId && input.schoolId !== '0' && schoolId === null) {
    // a malformed school names nothing: nobody is in it
    return { list: [], total: 0 };
  }
  if (inScope !== 'all' && (schoolId === null || !inScope.has(schoolId))) {
    throw new ForbiddenError(OUT_OF_SCOPE_MESSAGE);
  }
  if (input.role && schoolId === null) throw new InvalidInputError('按角色筛选时须同时给出学校 schoolId');

  const conditions: SQL[] = [];
  const keyword = input.keyword?.trim() ?? '';
  if (keyword) {
    const pattern = likePattern(keyword);
    const match = or(
      ilike(users.userName, pattern),
      ilike(users.realName, pattern),
      ilike(users.nickName, pattern),
      like(users.phoneNumber, `${likePattern(keyword).slice(1)}`),
    );
    if (match) conditions.push(match);
  }
  if (schoolId !== null) {
    const members = ctx.db
      .select({ userId: schoolMembers.userId })
      .from(schoolMembers)
      .where(
        and(
          eq(schoolMembers.schoolId, schoolId),
          input.role ? eq(schoolMembers.role, input.role) : undefined,
        ),
      );
    conditions.push(inArray(users.id, members));
  }
  const excludeGroupId = parseId(input.excludeGroupId);
  if (excludeGroupId !== null) {
    conditions.push(
      not(
        inArray(
          users.id,
          ctx.db
            .select({ userId: userGroupMembers.userId })
            .from(userGroupMembers)
            .where(eq(userGroupMembers.groupId, excludeGroupId)),
        ),
      ),
    );
  }
  if (!input.includeDisabled) conditions.push(sql`not ${users.disabled}`);
  const where = conditions.length > 0 ? and(...conditions) : undefined;

  const [rows, [total]] = await Promise.all([
    ctx.db
      .select()
      .from(users)
      .where(where)
      .orderBy(asc(users.id))
      .limit(input.pageSize)
      .offset(offsetOf(input)),
    ctx.db.select({ total: count() }).from(users).where(where),
  ]);
  const ids = rows.map((row) => row.id);
  const memberships =
    ids.length === 0
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
          .where(inArray(schoolMembers.userId, ids))
          .orderBy(asc(schools.id));
  const schoolsByUser = new Map<number, Map<number, UserSchoolRoles>>();
  for (const row of memberships) {
    if (inScope !== 'all' && !inScope.has(row.schoolId)) continue;
    const mine = schoolsByUser.get(row.userId) ?? new Map<number, UserSchoolRoles>();
    const entry = mine.get(row.schoolId) ?? {
      schoolId: String(row.schoolId),
      schoolName: row.schoolName,
      roles: [],
    };
    entry.roles.push(row.role);
    mine.set(row.schoolId, entry);
    schoolsByUser.set(row.userId, mine);
  }
  const list: UserSearchItem[] = rows.map((row) => {
    const userSchools = [...(schoolsByUser.get(row.id)?.values() ?? [])];
    for (const entry of userSchools) entry.roles.sort(compareSchoolRoles);
    const phone = row.phoneNumber ?? '';
    return {
      userId: String(row.id),
      userName: row.userName,
      realName: row.realName,
      nickName: row.nickName,
      phoneNumber: ctx.auth.isAdmin ? phone : maskPhone(phone),
      email: row.email,
      disabled: row.disabled,
      schools: userSchools,
      createdAt: Number(row.createdAt),
    };
  });
  return { list, total: total?.total ?? 0 };
}
