import { and, eq, inArray, isNull, lte, ne } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { hashPassword, INITIAL_PASSWORD_PARAMS } from '../../lib/passwords';
import { sessions, users } from '../../db/schema/identity';
import { schoolMembers, students } from '../../db/schema/school';
import { studentOnline } from '../../db/schema/student';

/** The documented initial password: the last 6 characters of the student number, left-padded with 0. */
export function initialPassword(studentNumber: string): string {
  return studentNumber.slice(-6).padStart(6, '0');
}

/** An initial password's hash: cheap, and upgraded at the student's first login. */
export function hashInitialPassword(password: string): Promise<string> {
  return hashPassword(password, INITIAL_PASSWORD_PARAMS);
}

export interface AccountFacts {
  id: number;
  userName: string;
  realName: string;
  phoneNumber: string | null;
  isAdmin: boolean;
  isGroupAdmin: boolean;
  /** Schools other than the one at hand where the account holds any role. */
  otherSchools: number;
  /** Whether it is a teacher or school manager anywhere. */
  isStaff: boolean;
  /** Its roster rows in the school at hand. */
  rosterNumbers: string[];
}

/** What deciding whether existing accounts may join a school's roster needs, by user name. */
export async function accountFacts(
  db: Db,
  schoolId: number,
  userNames: readonly string[],
): Promise<Map<string, AccountFacts>> {
  const facts = new Map<string, AccountFacts>();
  if (userNames.length === 0) return facts;
  const rows = await db
    .select({
      id: users.id,
      userName: users.userName,
      realName: users.realName,
      phoneNumber: users.phoneNumber,
      isAdmin: users.isAdmin,
      isGroupAdmin: users.isGroupAdmin,
    })
    .from(users)
    .where(inArray(users.userName, [...new Set(userNames)]));
  if (rows.length === 0) return facts;
  const ids = rows.map((row) => row.id);
  const memberships = await db
    .select({ userId: schoolMembers.userId, schoolId: schoolMembers.schoolId, role: schoolMembers.role })
    .from(schoolMembers)
    .where(inArray(schoolMembers.userId, ids));
  const rosters = await db
    .select({ userId: students.userId, studentNumber: students.studentNumber })
    .from(students)
    .where(and(eq(students.schoolId, schoolId), inArray(students.userId, ids)));
  for (const row of rows) {
    facts.set(row.userName, {
      ...row,
      otherSchools: new Set(
        memberships.filter((m) => m.userId === row.id && m.schoolId !== schoolId).map((m) => m.schoolId),
      ).size,
      isStaff: memberships.some((m) => m.userId === row.id && m.role !== 'student'),
      rosterNumbers: rosters.filter((r) => r.userId === row.id).map((r) => r.studentNumber),
    });
  }
  return facts;
}

/**
 * Why an existing account may not join the school as a student, or null.
 * Only plain accounts may: not a platform admin, not a teacher or manager,
 * in no other school. A teacher must not be able to pull a stranger's or a
 * colleague's account (and its contact details) into a class by a typo in
 * the 账号 column, nor disable it there.
 */
export function linkProblem(account: AccountFacts): string | null {
  if (account.rosterNumbers.length > 0)
    return `账号 ${account.userName} 已是本校学生（学号 ${account.rosterNumbers[0]}）`;
  if (account.isAdmin || account.isGroupAdmin || account.isStaff || account.otherSchools > 0)
    return `账号 ${account.userName} 已被其他用户使用`;
  return null;
}

/**
 * Keeps the account's `disabled` flag in line with its student status. The
 * account is disabled when every roster row of it is 停用 and it is nothing
 * but a student (no teacher or manager role anywhere, no platform role); the
 * session check then ends its live sessions at once (errCode 3, 账号已被停用).
 * When the rule stops holding the account is enabled again, and the sessions
 * it had before are revoked so they do not come back to life.
 */
export async function syncAccountDisabled(db: Db, userId: number | null, now: number): Promise<void> {
  if (userId === null) return;
  const [user] = await db
    .select({ disabled: users.disabled, isAdmin: users.isAdmin, isGroupAdmin: users.isGroupAdmin })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!user) return;
  const rosters = await db
    .select({ status: students.status })
    .from(students)
    .where(eq(students.userId, userId));
  const [otherRole] = await db
    .select({ role: schoolMembers.role })
    .from(schoolMembers)
    .where(and(eq(schoolMembers.userId, userId), ne(schoolMembers.role, 'student')))
    .limit(1);
  const shouldDisable =
    rosters.length > 0 &&
    rosters.every((row) => row.status === 'disabled') &&
    !otherRole &&
    !user.isAdmin &&
    !user.isGroupAdmin;
  if (shouldDisable && !user.disabled) {
    await db.update(users).set({ disabled: true }).where(eq(users.id, userId));
    // nobody disabled is online
    await db.delete(studentOnline).where(eq(studentOnline.userId, userId));
  } else if (!shouldDisable && user.disabled) {
    await db.update(users).set({ disabled: false }).where(eq(users.id, userId));
    await db
      .update(sessions)
      .set({ revokedAt: now })
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), lte(sessions.createdAt, now)));
  }
}
