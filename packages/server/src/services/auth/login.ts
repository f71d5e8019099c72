import { setTimeout as sleep } from 'node:timers/promises';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/identity';
import { MINUTE_MS } from '../../lib/clock';
import { RefusedError, TooManyRequestsError } from '../../lib/errors';
import { hashPassword, needsRehash, verifyAgainstDummy, verifyPassword } from '../../lib/passwords';
import {
  checkLimit,
  clearKey,
  countHits,
  countOtherKeys,
  forgetHit,
  type Limit,
  lockKey,
  minutesUntil,
  recordHit,
} from '../../lib/rate-limit';
import type { LoginUser } from '@dfrm/sdk/user/types';
import type { Input } from '../../contract/types';
import type { Call, ServiceContext } from '../context';
import { consumeSmsCode } from '../sms/codes';
import { DISABLED_MESSAGE, openSession, type UserRow, userView } from './session';

export const WRONG_CREDENTIALS_MESSAGE = '账号或密码错误';
const FAILURE_WINDOW_MS = 15 * MINUTE_MS;

/**
 * Wrong passwords of one account, one row per failure, keyed by the address
 * it came from: the rows of one key are the account+address pair's failures
 * (5 lock that pair), the rows of the other keys are what strangers tried
 * (they only slow the account's wrong answers down, never refuse it).
 */
export const failuresOfAccount = (account: string): Limit => ({
  bucket: `login-failed:${account}`,
  max: 5,
  windowMs: FAILURE_WINDOW_MS,
});
/** Wrong passwords from one address, whatever the account: a sprayer's limit, far above a class's typos. */
export const FAILURES_PER_IP: Limit = { bucket: 'login-failed-ip', max: 100, windowMs: FAILURE_WINDOW_MS };

// Checks under way hold a slot until they end, so parallel guesses cannot pass
// the failure count; a right password gives its slot back at once. The short
// window only frees the slots of a process that died in the middle of a check.
const pendingOfAccount = (account: string): Limit => ({
  bucket: `login-pending:${account}`,
  max: 5,
  windowMs: MINUTE_MS,
});
const PENDING_PER_IP: Limit = { bucket: 'login-pending-ip', max: 100, windowMs: MINUTE_MS };

/** How long a login waits for a slot held by checks under way before it gives up (real time). */
const SLOT_WAIT_MS = 30_000;
const SLOT_POLL_MS = { first: 20, max: 250 };

/** Each recent failure of the account from another address adds this much to a wrong answer, up to the cap. */
export const STRANGER_FAILURE_DELAY_MS = 250;
export const STRANGER_DELAY_CAP_MS = 3_000;

export function strangerDelayMs(strangerFailures: number): number {
  return Math.min(STRANGER_DELAY_CAP_MS, strangerFailures * STRANGER_FAILURE_DELAY_MS);
}

interface Reservation {
  pendingIds: number[];
  strangerFailures: number;
}

async function lockPairAndIp(tx: Db, account: string, ip: string): Promise<void> {
  // always the pair before the address, so two logins never wait on each other in a circle
  await lockKey(tx, 'login-pair', `${account}\n${ip}`);
  await lockKey(tx, 'login-ip', ip);
}

function tooManyFailures(retryAfterMs: number): TooManyRequestsError {
  return new TooManyRequestsError(`登录失败次数过多，请 ${minutesUntil(retryAfterMs)} 分钟后再试`);
}

/**
 * One try at a slot: refuses when the pair or the address has too many
 * failures, answers null when only checks under way fill the limit (then the
 * caller waits for them), else takes a slot in both.
 */
async function tryReserve(ctx: ServiceContext, account: string): Promise<Reservation | null> {
  const now = ctx.clock.now();
  const failures = failuresOfAccount(account);
  const pending = pendingOfAccount(account);
  return ctx.db.transaction(async (tx) => {
    await lockPairAndIp(tx, account, ctx.ip);
    for (const [limit, pendingLimit, key] of [
      [failures, pending, ctx.ip],
      [FAILURES_PER_IP, PENDING_PER_IP, ctx.ip],
    ] as const) {
      const failed = await countHits(tx, now, limit, key);
      if (failed >= limit.max) {
        const verdict = await checkLimit(tx, now, limit, key);
        throw tooManyFailures(verdict.allowed ? limit.windowMs : verdict.retryAfterMs);
      }
      if (failed + (await countHits(tx, now, pendingLimit, key)) >= limit.max) return null;
    }
    return {
      pendingIds: [
        await recordHit(tx, now, pending, ctx.ip),
        await recordHit(tx, now, PENDING_PER_IP, ctx.ip),
      ],
      strangerFailures: await countOtherKeys(tx, now, failures, ctx.ip),
    };
  });
}

async function reservePasswordAttempt(ctx: ServiceContext, account: string): Promise<Reservation> {
  const giveUpAt = performance.now() + SLOT_WAIT_MS;
  let pause: number = SLOT_POLL_MS.first;
  for (;;) {
    const reservation = await tryReserve(ctx, account);
    if (reservation) return reservation;
    if (performance.now() >= giveUpAt) throw new TooManyRequestsError('登录请求过多，请稍后再试');
    // jittered and growing, so a crowd of waiters does not keep the database busy asking
    await sleep(pause / 2 + Math.random() * pause);
    pause = Math.min(SLOT_POLL_MS.max, pause * 1.5);
  }
}

async function recordFailure(ctx: ServiceContext, account: string, pendingIds: number[]): Promise<void> {
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    // under the same locks as tryReserve: its counts of failures and of slots must not
    // fall between this failure's arrival and its slot's departure
    await lockPairAndIp(tx, account, ctx.ip);
    await recordHit(tx, now, failuresOfAccount(account), ctx.ip);
    await recordHit(tx, now, FAILURES_PER_IP, ctx.ip);
    await forgetHit(tx, ...pendingIds);
  });
}

/**
 * Only wrong passwords count. A wrong one is recorded before its answer, which
 * comes later the more strangers failed on the account lately; a right one
 * gives its slot back and forgets the failures of its own pair, whatever
 * others did.
 */
async function passwordLogin(ctx: ServiceContext, account: string, password: string): Promise<UserRow> {
  const accountKey = account.trim().toLowerCase();
  const { pendingIds, strangerFailures } = await reservePasswordAttempt(ctx, accountKey);
  let user: UserRow | undefined;
  let valid: boolean;
  try {
    [user] = await ctx.db.select().from(users).where(eq(users.userName, account.trim())).limit(1);
    valid = user ? await verifyPassword(password, user.passwordHash) : await verifyAgainstDummy(password);
  } catch (error) {
    await forgetHit(ctx.db, ...pendingIds);
    throw error;
  }
  if (!user || !valid) {
    await recordFailure(ctx, accountKey, pendingIds);
    const delay = strangerDelayMs(strangerFailures);
    if (delay > 0) await sleep(delay);
    throw new RefusedError(WRONG_CREDENTIALS_MESSAGE);
  }
  await ctx.db.transaction(async (tx) => {
    await clearKey(tx, failuresOfAccount(accountKey), ctx.ip);
    await forgetHit(tx, ...pendingIds);
  });
  if (needsRehash(user.passwordHash)) {
    // a password of the user's own under older parameters gets today's cost,
    // only if it was not changed meanwhile (an initial password keeps its mark)
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
export async function login({ ctx, input }: Call<Input<'login'>>): Promise<LoginUser> {
  const user =
    'account' in input
      ? await passwordLogin(ctx, input.account, input.password)
      : await smsLogin(ctx, input.phoneNumber, input.smsCode);
  // checked after the credentials, so a stranger cannot learn that an account is disabled
  if (user.disabled) throw new RefusedError(DISABLED_MESSAGE);
  const token = await openSession(ctx.db, ctx.clock.now(), user.id, ctx.ip);
  return userView(user, token, ctx.product);
}
