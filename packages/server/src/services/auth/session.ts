import { and, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { done, groupRead } from '../../db/group-commit';
import { ownRows } from '../../db/read-cache';
import { sessions, users } from '../../db/schema/identity';
import { type SchoolRole, schoolMembers, userCurrentSchool } from '../../db/schema/school';
import { DAY_MS } from '../../lib/clock';
import { NotLoggedInError, SessionEndedError } from '../../lib/errors';
import { isInitialHash } from '../../lib/passwords';
import { hashToken, newToken } from '../../lib/tokens';
import type { AuthInfo, Call, ServiceContext } from '../context';

export const SESSION_TTL_MS = 7 * DAY_MS;
export const DISPLACED_MESSAGE = '您的账号已在其他地方登录，如非本人操作请及时修改密码';
export const EXPIRED_MESSAGE = '登录已过期，请重新登录';
export const DISABLED_MESSAGE = '账号已被停用，请联系学校管理员';

export type UserRow = typeof users.$inferSelect;

/**
 * Opens a session and ends every other live session of the account: one
 * account, one place. The older tokens learn it on their next call (errCode 3).
 */
export async function openSession(db: Db, now: number, userId: number, ip: string): Promise<string> {
  const token = newToken();
  await db.transaction(async (tx) => {
    // Logins of one account take turns: without the lock, two at once on PostgreSQL each ended
    // the sessions committed before them but not each other's new one, and both stayed live.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    // a month after expiry nobody holds the old token any more; its row only takes space
    await tx
      .delete(sessions)
      .where(and(eq(sessions.userId, userId), lt(sessions.expiresAt, now - 30 * DAY_MS)));
    await tx
      .update(sessions)
      .set({ displacedAt: now })
      .where(
        and(
          eq(sessions.userId, userId),
          isNull(sessions.revokedAt),
          isNull(sessions.displacedAt),
          gt(sessions.expiresAt, now),
        ),
      );
    await tx
      .insert(sessions)
      .values({ userId, tokenHash: hashToken(token), createdAt: now, expiresAt: now + SESSION_TTL_MS, ip });
  });
  return token;
}

async function findSession(db: Db, token: string) {
  const [row] = await db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.tokenHash, hashToken(token)))
    .limit(1);
  return row;
}

type SessionFound = {
  session: typeof sessions.$inferSelect;
  user: UserRow;
  schoolRoles: [number | string, SchoolRole][];
  currentSchool: [number | string, SchoolRole] | null;
};

/**
 * The sessions of these token hashes with their accounts, school roles and current school choice,
 * in one statement: every authenticated request needs all of them, and on the embedded database a
 * statement costs more than the lookups in it. Lookups arriving together share the statement
 * (groupRead): a class entering an exam in the same second is a handful of statements, not a
 * thousand.
 */
const sessionsByHash = groupRead<string, SessionFound | undefined>({
  maxBatch: 500,
  keyOf: (hash) => hash,
  async run(db, hashes) {
    const rows = await db
      .select({
        session: sessions,
        user: users,
        schoolRoles: sql<
          [number | string, SchoolRole][]
        >`(select coalesce(json_agg(json_build_array(${schoolMembers.schoolId}, ${schoolMembers.role})), '[]'::json) from ${schoolMembers} where ${schoolMembers.userId} = ${sessions.userId})`,
        currentSchool: sql<
          [number | string, SchoolRole] | null
        >`(select json_build_array(${userCurrentSchool.schoolId}, ${userCurrentSchool.role}) from ${userCurrentSchool} where ${userCurrentSchool.userId} = ${sessions.userId})`,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(inArray(sessions.tokenHash, [...hashes]));
    const byHash = new Map(rows.map((row) => [row.session.tokenHash, row]));
    return hashes.map((hash) => done(byHash.get(hash)));
  },
});

/** What a session's answer depends on: its account's own rows (read-cache.ts ownRows). */
const SESSION_TABLES = ['sessions', 'users', 'school_members', 'user_current_school'];

/**
 * How a request finds its session: a token's row changes only when its account logs in or out or
 * is edited, so repeated calls read it from the read cache (db/read-cache.ts) where there is one,
 * kept until that account's own rows change (another student's login leaves it standing).
 * liveSession's checks (expiry against the clock included) run on every call either way.
 */
function sessionFinder(ctx: ServiceContext) {
  const cache = ctx.readCache;
  if (!cache) return (_db: Db, token: string) => sessionsByHash(ctx.db, hashToken(token));
  return (_db: Db, token: string) => {
    const hash = hashToken(token);
    return cache.readWith(
      `session\u0000${hash}`,
      () => sessionsByHash(ctx.db, hash),
      (found) => (found ? ownRows(found.user.id, SESSION_TABLES) : null),
    );
  };
}

/**
 * The live session of a token. Unknown or logged-out tokens are "not logged
 * in" (4); displaced, expired or disabled ones end the session (3) with the
 * reason, which the web app shows in its login notice.
 */
async function liveSession<T extends { session: typeof sessions.$inferSelect; user: UserRow }>(
  find: (db: Db, token: string) => Promise<T | undefined>,
  db: Db,
  now: number,
  token: string | undefined,
  userIdHeader: string | null,
): Promise<T> {
  if (!token) throw new NotLoggedInError();
  const found = await find(db, token);
  if (!found || found.session.revokedAt !== null) throw new NotLoggedInError();
  if (userIdHeader !== null && userIdHeader !== String(found.user.id)) throw new NotLoggedInError();
  if (found.session.displacedAt !== null) throw new SessionEndedError(DISPLACED_MESSAGE);
  if (found.session.expiresAt <= now) throw new SessionEndedError(EXPIRED_MESSAGE);
  if (found.user.disabled) throw new SessionEndedError(DISABLED_MESSAGE);
  return found;
}

/** Who is calling: for every authenticated route. The userId header must name the token's user. */
export async function authenticate({
  ctx,
  input,
}: Call<{ token: string | undefined; userId: string | undefined }>): Promise<AuthInfo> {
  const { session, user, schoolRoles, currentSchool } = await liveSession(
    sessionFinder(ctx),
    ctx.db,
    ctx.clock.now(),
    input.token,
    input.userId ?? '',
  );
  return {
    userId: user.id,
    sessionId: session.id,
    isAdmin: user.isAdmin,
    isGroupAdmin: user.isGroupAdmin,
    mustChangePassword: isInitialHash(user.passwordHash),
    // json turns the bigint school id into a string on PostgreSQL, a number on PGlite
    schoolRoles: schoolRoles.map(([schoolId, role]) => ({ schoolId: Number(schoolId), role })),
    currentSchool: currentSchool ? { schoolId: Number(currentSchool[0]), role: currentSchool[1] } : null,
  };
}

/** /user/islogin: the token still holds; answers the user it belongs to. */
export async function checkLogin({ ctx, input }: Call<{ token: string }>) {
  const { user } = await liveSession(sessionFinder(ctx), ctx.db, ctx.clock.now(), input.token, null);
  return userView(user, input.token, ctx.product);
}

/**
 * Revokes the caller's token. A token that already stopped working counts as
 * logged out (the spec: 令牌已失效时也视为成功); only a request with no token,
 * or one whose userId header names someone else, is refused.
 */
export async function logout({ ctx }: Call<unknown>) {
  const input = ctx.credentials ?? { token: undefined, userId: undefined };
  if (!input.token) throw new NotLoggedInError();
  const found = await findSession(ctx.db, input.token);
  if (found) {
    if (input.userId !== String(found.user.id)) throw new NotLoggedInError();
    await ctx.db
      .update(sessions)
      .set({ revokedAt: ctx.clock.now() })
      .where(and(eq(sessions.id, found.session.id), isNull(sessions.revokedAt)));
  }
  return { loggedOut: true };
}

export function userView(user: UserRow, token: string, product: string) {
  return {
    userId: String(user.id),
    userName: user.userName,
    nickName: user.nickName,
    realName: user.realName,
    portraitUrl: user.portraitUrl,
    email: user.email,
    phoneNumber: user.phoneNumber ?? '',
    productName: product,
    token,
    mustChangePassword: isInitialHash(user.passwordHash),
  };
}
