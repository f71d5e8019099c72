import { and, eq } from 'drizzle-orm';
import { users } from '../../db/schema/identity';
import { MINUTE_MS } from '../../lib/clock';
import { RefusedError, TooManyRequestsError } from '../../lib/errors';
import { hashPassword, needsRehash, verifyAgainstDummy, verifyPassword } from '../../lib/passwords';
import {
  checkLimit,
  clearKey,
  forgetHit,
  type Limit,
  lockKey,
  minutesUntil,
  recordHit,
} from '../../lib/rate-limit';
import type { Call, ServiceContext } from '../context';
import { consumeSmsCode } from '../sms/codes';
import { DISABLED_MESSAGE, openSession, type UserRow, userView } from './session';

export const WRONG_CREDENTIALS_MESSAGE = '账号或密码错误';
export const PASSWORD_LIMIT_PER_ACCOUNT: Limit = {
  bucket: 'login-account',
  max: 5,
  windowMs: 15 * MINUTE_MS,
};
export const PASSWORD_LIMIT_PER_IP: Limit = { bucket: 'login-ip', max: 30, windowMs: 15 * MINUTE_MS };

export type LoginInput =
  | { account: string; password: string; productId: 7 }
  | { phoneNumber: string; smsCode: string; productId: 7 };

/**
 * Takes a slot in both password limits before the (slow) password check, so
 * parallel guesses cannot slip past the count. The slot stays when the
 * password is wrong; that is what makes it a failure count.
 */
async function reservePasswordAttempt(ctx: ServiceContext, accountKey: string): Promise<{ ipHit: number }> {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    await lockKey(tx, PASSWORD_LIMIT_PER_ACCOUNT.bucket, accountKey);
    await lockKey(tx, PASSWORD_LIMIT_PER_IP.bucket, ctx.ip);
    for (const [limit, key] of [
      [PASSWORD_LIMIT_PER_ACCOUNT, accountKey],
      [PASSWORD_LIMIT_PER_IP, ctx.ip],
    ] as const) {
      const verdict = await checkLimit(tx, now, limit, key);
      if (!verdict.allowed) {
        throw new TooManyRequestsError(
          `登录失败次数过多，请 ${minutesUntil(verdict.retryAfterMs)} 分钟后再试`,
        );
      }
    }
    await recordHit(tx, now, PASSWORD_LIMIT_PER_ACCOUNT, accountKey);
    return { ipHit: await recordHit(tx, now, PASSWORD_LIMIT_PER_IP, ctx.ip) };
  });
}

async function passwordLogin(ctx: ServiceContext, account: string, password: string): Promise<UserRow> {
  const accountKey = account.trim().toLowerCase();
  const { ipHit } = await reservePasswordAttempt(ctx, accountKey);
  const [user] = await ctx.db.select().from(users).where(eq(users.userName, account.trim())).limit(1);
  const valid = user ? await verifyPassword(password, user.passwordHash) : await verifyAgainstDummy(password);
  if (!user || !valid) throw new RefusedError(WRONG_CREDENTIALS_MESSAGE);
  // a right password wipes the account's failures and gives the IP its slot back
  await clearKey(ctx.db, PASSWORD_LIMIT_PER_ACCOUNT, accountKey);
  await forgetHit(ctx.db, ipHit);
  if (needsRehash(user.passwordHash)) {
    // an imported student's cheap initial hash (or older parameters) gets today's cost;
    // only if the password was not changed meanwhile
    const passwordHash = await hashPassword(password);
    await ctx.db
      .update(users)
      .set({ passwordHash })
      .where(and(eq(users.id, user.id), eq(users.passwordHash, user.passwordHash)));
  }
  return user;
}

async function smsLogin(ctx: ServiceContext, phoneNumber: string, smsCode: string): Promise<UserRow> {
  await consumeSmsCode(ctx, phoneNumber, smsCode);
  const [user] = await ctx.db.select().from(users).where(eq(users.phoneNumber, phoneNumber)).limit(1);
  // codes are also issued for unknown numbers (no enumeration), so this is the same refusal
  if (!user) throw new RefusedError('验证码错误或已过期');
  return user;
}

/** POST /user/login: account + password or phone + SMS code; opens a session that displaces older ones. */
export async function login({ ctx, input }: Call<LoginInput>) {
  const user =
    'account' in input
      ? await passwordLogin(ctx, input.account, input.password)
      : await smsLogin(ctx, input.phoneNumber, input.smsCode);
  // checked after the credentials, so a stranger cannot learn that an account is disabled
  if (user.disabled) throw new RefusedError(DISABLED_MESSAGE);
  const token = await openSession(ctx.db, ctx.clock.now(), user.id, ctx.ip);
  return userView(user, token, ctx.product);
}
