import { and, asc, count, eq, gt, lte, ne, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rateLimitHits } from '../db/schema/identity';

/** At most `max` counted events per `windowMs` for one key of a bucket. */
export interface Limit {
  bucket: string;
  max: number;
  windowMs: number;
}

export type LimitVerdict = { allowed: true } | { allowed: false; retryAfterMs: number };

/**
 * Serialises everything touching one key until the surrounding transaction
 * ends, across connections and server processes, so two concurrent requests
 * cannot both see "4 of 5" and both pass.
 */
export async function lockKey(tx: Db, scope: string, key: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`${scope}:${key}`}))`);
}

/** The events of a bucket still inside the window, under the keys `keys` selects. */
function inWindow(now: number, limit: Limit, keys: SQL) {
  return and(eq(rateLimitHits.bucket, limit.bucket), keys, gt(rateLimitHits.at, now - limit.windowMs));
}

async function countWhere(tx: Db, where: SQL | undefined): Promise<number> {
  const [row] = await tx.select({ hits: count() }).from(rateLimitHits).where(where);
  return row?.hits ?? 0;
}

export async function checkLimit(tx: Db, now: number, limit: Limit, key: string): Promise<LimitVerdict> {
  const where = inWindow(now, limit, eq(rateLimitHits.key, key));
  if ((await countWhere(tx, where)) < limit.max) return { allowed: true };
  // the window frees a slot when the oldest hit that still counts leaves it
  const counted = await tx
    .select({ at: rateLimitHits.at })
    .from(rateLimitHits)
    .where(where)
    .orderBy(asc(rateLimitHits.at))
    .limit(1);
  const oldest = counted[0]?.at ?? now;
  return { allowed: false, retryAfterMs: Math.max(1, oldest + limit.windowMs - now) };
}

/** The events of one key still inside the window. */
export function countHits(tx: Db, now: number, limit: Limit, key: string): Promise<number> {
  return countWhere(tx, inWindow(now, limit, eq(rateLimitHits.key, key)));
}

/** The events of a bucket inside the window under every key but one (e.g. an account's failures from other addresses). */
export function countOtherKeys(tx: Db, now: number, limit: Limit, exceptKey: string): Promise<number> {
  return countWhere(tx, inWindow(now, limit, ne(rateLimitHits.key, exceptKey)));
}

/** Counts one event and answers its id (to take it back later); prunes the key's expired events. */
export async function recordHit(tx: Db, now: number, limit: Limit, key: string): Promise<number> {
  await tx
    .delete(rateLimitHits)
    .where(
      and(
        eq(rateLimitHits.bucket, limit.bucket),
        eq(rateLimitHits.key, key),
        lte(rateLimitHits.at, now - limit.windowMs),
      ),
    );
  const [row] = await tx
    .insert(rateLimitHits)
    .values({ bucket: limit.bucket, key, at: now })
    .returning({ id: rateLimitHits.id });
  if (!row) throw new Error('rate limit hit not recorded');
  return row.id;
}

export async function forgetHit(db: Db, ...ids: number[]): Promise<void> {
  for (const id of ids) await db.delete(rateLimitHits).where(eq(rateLimitHits.id, id));
}

export async function clearKey(db: Db, limit: Limit, key: string): Promise<void> {
  await db
    .delete(rateLimitHits)
    .where(and(eq(rateLimitHits.bucket, limit.bucket), eq(rateLimitHits.key, key)));
}

export function minutesUntil(ms: number): number {
  return Math.max(1, Math.ceil(ms / 60_000));
}
