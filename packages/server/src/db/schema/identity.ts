import { bigint, boolean, index, integer, pgTable, text } from 'drizzle-orm/pg-core';

// Instants are stored as epoch milliseconds (bigint) because the clock is
// injected: the database's now() must never decide an expiry.

/** Accounts. Global roles (admin, groupAdmin) are flags; school roles live in school_members. */
export const users = pgTable('users', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
  userName: text('user_name').notNull().unique(),
  /** `scrypt$N$r$p$salt$hash` (base64url), see lib/passwords.ts. */
  passwordHash: text('password_hash').notNull(),
  realName: text('real_name').notNull().default(''),
  nickName: text('nick_name').notNull().default(''),
  email: text('email').notNull().default(''),
  phoneNumber: text('phone_number').unique(),
  portraitUrl: text('portrait_url').notNull().default(''),
  isAdmin: boolean('is_admin').notNull().default(false),
  isGroupAdmin: boolean('is_group_admin').notNull().default(false),
  disabled: boolean('disabled').notNull().default(false),
  createdAt: bigint('created_at', { mode: 'number' }).notNull(),
});

/**
 * Login sessions. Only the SHA-256 of the token is kept, so a leaked table
 * cannot be replayed. A session ends by revocation (logout), displacement (a
 * newer login of the same account) or expiry; the first two are recorded so
 * the caller can be told which one happened.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
    expiresAt: bigint('expires_at', { mode: 'number' }).notNull(),
    revokedAt: bigint('revoked_at', { mode: 'number' }),
    displacedAt: bigint('displaced_at', { mode: 'number' }),
    ip: text('ip').notNull().default(''),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/**
 * SMS codes, one row per send (also for numbers with no account, so the
 * resend window and limits behave identically and reveal nothing). The code
 * itself is never stored: `codeHash` is SHA-256 over salt and code.
 */
export const smsCodes = pgTable(
  'sms_codes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    phone: text('phone').notNull(),
    salt: text('salt').notNull(),
    codeHash: text('code_hash').notNull(),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
    expiresAt: bigint('expires_at', { mode: 'number' }).notNull(),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    /** Set when the code was used, locked after too many wrong tries, or superseded by a newer code. */
    closedAt: bigint('closed_at', { mode: 'number' }),
    closedReason: text('closed_reason').$type<'used' | 'locked' | 'superseded'>(),
  },
  (t) => [index('sms_codes_phone_idx').on(t.phone, t.createdAt)],
);

/**
 * Sliding-window rate limits. One row per counted event; rows older than the
 * longest window are pruned when a key is hit again. Kept in the database so
 * several server processes share them and a restart does not reset them.
 */
export const rateLimitHits = pgTable(
  'rate_limit_hits',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    bucket: text('bucket').notNull(),
    key: text('key').notNull(),
    at: bigint('at', { mode: 'number' }).notNull(),
  },
  (t) => [index('rate_limit_hits_key_idx').on(t.bucket, t.key, t.at)],
);
