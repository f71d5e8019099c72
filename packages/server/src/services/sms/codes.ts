import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, isNull, lt } from 'drizzle-orm';
import { smsCodes, users } from '../../db/schema/identity';
import { DAY_MS, HOUR_MS, MINUTE_MS } from '../../lib/clock';
import { AppError, ErrCode, RefusedError, TooManyRequestsError } from '../../lib/errors';
import { checkLimit, type Limit, lockKey, minutesUntil, recordHit } from '../../lib/rate-limit';
import type { SmsSent } from '@dfrm/sdk/support/types';
import type { Input } from '../../contract/types';
import type { Call, ServiceContext } from '../context';

export const CODE_VALID_MS = 10 * MINUTE_MS;
export const RESEND_AFTER_MS = 60_000;
export const MAX_WRONG_ATTEMPTS = 5;
export const SMS_LIMIT_PER_PHONE: Limit = { bucket: 'sms-phone', max: 5, windowMs: HOUR_MS };
export const SMS_LIMIT_PER_IP: Limit = { bucket: 'sms-ip', max: 20, windowMs: HOUR_MS };
export const WRONG_CODE_MESSAGE = '验证码错误或已过期';

function digest(salt: string, code: string): Buffer {
  return createHash('sha256').update(`${salt}:${code}`).digest();
}

/**
 * POST /support-server/sms/sendCode/dfrm/{phone}. A number without an account
 * goes through the same windows and limits and gets a code row too, only
 * nothing is sent, so the answer never tells whether the number is registered.
 */
export async function sendSmsCode({ ctx, input }: Call<Input<'sendSmsCode'>>): Promise<SmsSent> {
  const phone = input.account;
  const now = ctx.clock.now();
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const salt = randomBytes(12).toString('base64url');

  const registered = await ctx.db.transaction(async (tx) => {
    await lockKey(tx, 'sms', phone);
    await lockKey(tx, SMS_LIMIT_PER_IP.bucket, ctx.ip);
    const [latest] = await tx
      .select({ createdAt: smsCodes.createdAt })
      .from(smsCodes)
      .where(eq(smsCodes.phone, phone))
      .orderBy(desc(smsCodes.createdAt))
      .limit(1);
    if (latest && now - latest.createdAt < RESEND_AFTER_MS) {
      const seconds = Math.ceil((latest.createdAt + RESEND_AFTER_MS - now) / 1000);
      throw new TooManyRequestsError(`验证码发送过于频繁，请 ${seconds} 秒后再试`);
    }
    for (const [limit, key] of [
      [SMS_LIMIT_PER_PHONE, phone],
      [SMS_LIMIT_PER_IP, ctx.ip],
    ] as const) {
      const verdict = await checkLimit(tx, now, limit, key);
      if (!verdict.allowed) {
        throw new TooManyRequestsError(
          `验证码发送次数过多，请 ${minutesUntil(verdict.retryAfterMs)} 分钟后再试`,
        );
      }
    }
    // old rows of the number only matter for the windows above, which are all shorter than a day
    await tx.delete(smsCodes).where(and(eq(smsCodes.phone, phone), lt(smsCodes.createdAt, now - DAY_MS)));
    await recordHit(tx, now, SMS_LIMIT_PER_PHONE, phone);
    await recordHit(tx, now, SMS_LIMIT_PER_IP, ctx.ip);
    // only the newest code of a number works
    await tx
      .update(smsCodes)
      .set({ closedAt: now, closedReason: 'superseded' })
      .where(and(eq(smsCodes.phone, phone), isNull(smsCodes.closedAt)));
    await tx.insert(smsCodes).values({
      phone,
      salt,
      codeHash: digest(salt, code).toString('base64url'),
      createdAt: now,
      expiresAt: now + CODE_VALID_MS,
    });
    const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.phoneNumber, phone)).limit(1);
    return user !== undefined;
  });

  if (registered) {
    try {
      await ctx.sms.send(phone, code);
    } catch (error) {
      console.error('[短信] 发送失败', error);
      throw new AppError(ErrCode.internal, '短信发送失败，请稍后再试');
    }
  }
  return { resendAfterSeconds: RESEND_AFTER_MS / 1000, validSeconds: CODE_VALID_MS / 1000 };
}

/**
 * Uses up the newest open code of a number, or refuses (errCode 1). Wrong
 * guesses are counted on the code; the fifth one closes it, so a code cannot
 * be brute-forced within its ten minutes.
 */
export async function consumeSmsCode(ctx: ServiceContext, phone: string, code: string): Promise<void> {
  const now = ctx.clock.now();
  const accepted = await ctx.db.transaction(async (tx) => {
    await lockKey(tx, 'sms', phone);
    const [row] = await tx
      .select()
      .from(smsCodes)
      .where(and(eq(smsCodes.phone, phone), isNull(smsCodes.closedAt)))
      .orderBy(desc(smsCodes.createdAt))
      .limit(1);
    if (!row || row.expiresAt <= now) return false;
    const expected = Buffer.from(row.codeHash, 'base64url');
    const actual = digest(row.salt, code);
    if (expected.length === actual.length && timingSafeEqual(expected, actual)) {
      await tx.update(smsCodes).set({ closedAt: now, closedReason: 'used' }).where(eq(smsCodes.id, row.id));
      return true;
    }
    const failedAttempts = row.failedAttempts + 1;
    await tx
      .update(smsCodes)
      .set(
        failedAttempts >= MAX_WRONG_ATTEMPTS
          ? { failedAttempts, closedAt: now, closedReason: 'locked' }
          : { failedAttempts },
      )
      .where(eq(smsCodes.id, row.id));
    return false;
  });
  if (!accepted) throw new RefusedError(WRONG_CODE_MESSAGE);
}
