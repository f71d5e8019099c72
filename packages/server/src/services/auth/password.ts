import { and, eq, isNull, ne } from 'drizzle-orm';
import { sessions, users } from '../../db/schema/identity';
import { students } from '../../db/schema/school';
import { MINUTE_MS } from '../../lib/clock';
import { RefusedError, TooManyRequestsError } from '../../lib/errors';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { checkLimit, clearKey, type Limit, lockKey, minutesUntil, recordHit } from '../../lib/rate-limit';
import type { Ack } from '@dfrm/sdk/user/types';
import type { Input } from '../../contract/types';
import type { AuthedCall, AuthInfo } from '../context';

export const SETTLE_PASSWORD_MESSAGE = '请先修改初始密码';

/**
 * What an account that still holds its initial password may call: its
 * session (check, logout), the change itself, and the school and role
 * lookups the app makes at start.
 */
export const OPEN_BEFORE_PASSWORD_SETTLED: ReadonlySet<string> = new Set([
  'isLogin',
  'logout',
  'changePassword',
  'getClientUserLogin',
  'clientUserLogin',
  'getClientSchoolList',
  'getUserAttachInfo',
  'getOwnUserGroup',
]);

/**
 * Refuses (errCode 1, 请先修改初始密码) every operation but the open ones
 * while the caller still holds the initial password an import gave them: it
 * is the last 6 digits of their student number, known to the whole class.
 */
export function assertPasswordSettled(auth: AuthInfo, operationId: string): void {
  if (auth.mustChangePassword && !OPEN_BEFORE_PASSWORD_SETTLED.has(operationId)) {
    throw new RefusedError(SETTLE_PASSWORD_MESSAGE);
  }
}

/** Wrong old passwords per account: a borrowed session must not become a password oracle. */
export const CHANGE_PASSWORD_FAILURES: Limit = {
  bucket: 'change-password-failed',
  max: 5,
  windowMs: 15 * MINUTE_MS,
};

/**
 * POST /user/change/password: the caller replaces their own password, the
 * old one proven. The new one is hashed at full cost (so an initial password
 * is settled), every other session of the account ends, the caller's stays.
 */
export async function changePassword({ ctx, input }: AuthedCall<Input<'changePassword'>>): Promise<Ack> {
  const userId = ctx.auth.userId;
  const key = String(userId);
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    await lockKey(tx, CHANGE_PASSWORD_FAILURES.bucket, key);
    const verdict = await checkLimit(tx, now, CHANGE_PASSWORD_FAILURES, key);
    if (!verdict.allowed) {
      throw new TooManyRequestsError(
        `原密码错误次数过多，请 ${minutesUntil(verdict.retryAfterMs)} 分钟后再试`,
      );
    }
    // the slot is taken before the slow check and stays if the old password is wrong
    await recordHit(tx, now, CHANGE_PASSWORD_FAILURES, key);
  });
  const [user] = await ctx.db
    .select({ userName: users.userName, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!user || !(await verifyPassword(input.oldPassword, user.passwordHash))) {
    throw new RefusedError('原密码错误');
  }
  await clearKey(ctx.db, CHANGE_PASSWORD_FAILURES, key);
  if (input.newPassword === input.oldPassword) throw new RefusedError('新密码不能与原密码相同');
  const numbers = await ctx.db
    .select({ studentNumber: students.studentNumber })
    .from(students)
    .where(eq(students.userId, userId));
  const guessable = [user.userName, ...numbers.map((row) => row.studentNumber)].map((s) => s.toLowerCase());
  if (guessable.includes(input.newPassword.toLowerCase())) {
    throw new RefusedError('新密码不能是本人的学号或账号');
  }
  const passwordHash = await hashPassword(input.newPassword);
  await ctx.db.transaction(async (tx) => {
    const changed = await tx
      .update(users)
      .set({ passwordHash })
      .where(and(eq(users.id, userId), eq(users.passwordHash, user.passwordHash)))
      .returning({ id: users.id });
    // a change that raced another one: the other won, this old password is no longer it
    if (changed.length === 0) throw new RefusedError('原密码错误');
    await tx
      .update(sessions)
      .set({ revokedAt: now })
      .where(
        and(eq(sessions.userId, userId), isNull(sessions.revokedAt), ne(sessions.id, ctx.auth.sessionId)),
      );
  });
  return { ok: true };
}
