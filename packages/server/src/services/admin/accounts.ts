import { randomInt } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sessions, users } from '../../db/schema/identity';
import { NotFoundError, RefusedError } from '../../lib/errors';
import { idOrNotFound } from '../../lib/ids';
import { hashPassword, INITIAL_PASSWORD_PARAMS } from '../../lib/passwords';
import type { AdminPasswordReset, AdminUserState } from '@dfrm/sdk/user/types';
import type { Input } from '../../contract/types';
import type { AuthedCall } from '../context';

export const USER_NOT_FOUND_MESSAGE = '用户不存在';

// No 0/O, 1/l/I: the admin reads the password out or types it into a message.
const UPPER = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const LOWER = 'abcdefghijkmnopqrstuvwxyz';
const DIGITS = '23456789';
const ALL = UPPER + LOWER + DIGITS;
export const TEMPORARY_PASSWORD_LENGTH = 12;

/**
 * 12 characters from 57 symbols (about 70 bits), with a letter of each case
 * and a digit, so it meets changePassword's rule when typed back as the old one.
 */
export function temporaryPassword(): string {
  const pick = (alphabet: string) => alphabet[randomInt(alphabet.length)] ?? '';
  const chars = [pick(UPPER), pick(LOWER), pick(DIGITS)];
  while (chars.length < TEMPORARY_PASSWORD_LENGTH) chars.push(pick(ALL));
  for (let i = chars.length - 1; i > 0; i -= 1) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j] ?? '', chars[i] ?? ''];
  }
  return chars.join('');
}

async function targetUser(db: Db, rawId: string) {
  const id = idOrNotFound(rawId, USER_NOT_FOUND_MESSAGE);
  const [user] = await db
    .select({ id: users.id, userName: users.userName, isAdmin: users.isAdmin })
    .from(users)
    .where(eq(users.id, id))
    .limit(1);
  if (!user) throw new NotFoundError(USER_NOT_FOUND_MESSAGE);
  return user;
}

async function revokeSessions(tx: Db, userId: number, now: number): Promise<void> {
  await tx
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}

/**
 * POST /user/admin/user/resetPassword. The temporary password is hashed with
 * the initial-password cost, which is what marks an account as having to set
 * its own password (lib/passwords isInitialHash): the user goes through the
 * same 修改初始密码 flow as an imported student. The cheap hash is no weakness
 * here: the password is random (~70 bits) and lives until the first login.
 */
export async function resetUserPassword({
  ctx,
  input,
}: AuthedCall<Input<'adminResetUserPassword'>>): Promise<AdminPasswordReset> {
  const user = await targetUser(ctx.db, input.userId);
  if (user.id === ctx.auth.userId) throw new RefusedError('不能重置自己的密码，请在“修改密码”中修改');
  // admins are peers: none takes over another's account
  if (user.isAdmin) throw new RefusedError('不能重置平台管理员的密码');
  const password = temporaryPassword();
  const passwordHash = await hashPassword(password, INITIAL_PASSWORD_PARAMS);
  await ctx.db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.id, user.id));
    await revokeSessions(tx, user.id, ctx.clock.now());
  });
  return { userId: String(user.id), userName: user.userName, temporaryPassword: password };
}

/** POST /user/admin/user/setDisabled: a disabled account's sessions end; login already refuses it. */
export async function setUserDisabled({
  ctx,
  input,
}: AuthedCall<Input<'adminSetUserDisabled'>>): Promise<AdminUserState> {
  const user = await targetUser(ctx.db, input.userId);
  if (input.disabled && user.id === ctx.auth.userId) throw new RefusedError('不能停用自己的账号');
  if (input.disabled && user.isAdmin) throw new RefusedError('不能停用平台管理员账号');
  await ctx.db.transaction(async (tx) => {
    await tx.update(users).set({ disabled: input.disabled }).where(eq(users.id, user.id));
    if (input.disabled) await revokeSessions(tx, user.id, ctx.clock.now());
  });
  return { userId: String(user.id), disabled: input.disabled };
}
