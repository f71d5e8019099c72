import { and, eq } from 'drizzle-orm';
import { users } from '../../db/schema/identity';
import { students, userCurrentSchool } from '../../db/schema/school';
import { ForbiddenError, NotLoggedInError } from '../../lib/errors';
import type { UserAttachInfo, UserCurrentSchool } from '@dfrm/sdk/user/types';
import type { Input } from '../../contract/types';
import type { AuthedCall } from '../context';
import { currentSchoolRole, schoolsOf } from '../school/client-user';

/**
 * POST /user/user/attachInfo: the caller's own account, schools and platform
 * flags (what the web app needs to know an admin), and one school in detail:
 * the one asked for, else the current one.
 */
export async function getUserAttachInfo({
  ctx,
  input,
}: AuthedCall<Input<'getUserAttachInfo'>>): Promise<UserAttachInfo> {
  const userId = ctx.auth.userId;
  const [user] = await ctx.db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw new NotLoggedInError();
  const list = await schoolsOf(ctx.db, userId);
  const [choice] = await ctx.db
    .select({ schoolId: userCurrentSchool.schoolId, role: userCurrentSchool.role })
    .from(userCurrentSchool)
    .where(eq(userCurrentSchool.userId, userId))
    .limit(1);
  let current: UserCurrentSchool | null = null;
  const asked = input.schoolId && input.schoolId !== '0' ? input.schoolId : null;
  const school = asked
    ? list.find((entry) => entry.schoolId === asked)
    : (await currentSchoolRole(ctx.db, userId))?.school;
  if (asked && !school) throw new ForbiddenError('您不在该学校');
  if (school) {
    const [roster] = await ctx.db
      .select({ name: students.name, studentNumber: students.studentNumber })
      .from(students)
      .where(and(eq(students.userId, userId), eq(students.schoolId, Number(school.schoolId))))
      .limit(1);
    const chosen = choice && String(choice.schoolId) === school.schoolId ? choice.role : null;
    current = {
      schoolId: school.schoolId,
      schoolName: school.schoolName,
      studentName: roster?.name ?? '',
      studentNumber: roster?.studentNumber ?? null,
      type: chosen && school.roles.includes(chosen) ? chosen : null,
      roles: school.roles,
    };
  }
  return {
    userId: String(user.id),
    userName: user.userName,
    realName: user.realName,
    nickName: user.nickName,
    portraitUrl: user.portraitUrl,
    email: user.email,
    phoneNumber: user.phoneNumber ?? '',
    isAdmin: user.isAdmin,
    isGroupAdmin: user.isGroupAdmin,
    schools: list,
    currentSchool: current,
    createdAt: Number(user.createdAt),
  };
}
