import { setTimeout as sleep } from 'node:timers/promises';
import { inArray, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from './client';

/** deadlock_detected and serialization_failure: PostgreSQL rolled the transaction back, a new try may pass. */
const RETRYABLE_CODES = new Set(['40P01', '40001']);

/** Whether an error (or one it wraps: drizzle puts the driver's error in `cause`) is worth a new try. */
export function isRetryableConflict(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current instanceof Object; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && RETRYABLE_CODES.has(code)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

export interface RetryOptions {
  /** Tries in all, the first included. */
  attempts?: number;
  /** First pause; each next one doubles, with jitter. */
  baseDelayMs?: number;
}

/**
 * Runs `run` again when PostgreSQL aborted it as a deadlock victim or a
 * serialization failure. `run` must be a whole transaction (never one opened
 * inside another: its rollback is what makes the new try clean).
 */
export async function withRetry<T>(run: () => Promise<T>, options: RetryOptions = {}): Promise<T> {
  const attempts = options.attempts ?? 5;
  const base = options.baseDelayMs ?? 10;
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      if (attempt >= attempts || !isRetryableConflict(error)) throw error;
      const pause = base * 2 ** (attempt - 1);
      await sleep(pause / 2 + Math.random() * pause);
    }
  }
}

/** `db.transaction(fn)`, tried again on a deadlock or serialization failure. */
export function transactionWithRetry<T>(
  db: Db,
  fn: (tx: Db) => Promise<T>,
  options?: RetryOptions,
): Promise<T> {
  return withRetry(() => db.transaction(fn), options);
}

/**
 * Locks rows by id (`SELECT ... ORDER BY id FOR UPDATE`), lowest id first, so
 * two transactions replacing the children of the same parents take their locks
 * in one order and queue up instead of deadlocking. Call it first in the transaction.
 */
export async function lockRowsForUpdate(tx: Db, idColumn: PgColumn, ids: readonly number[]): Promise<void> {
  const sorted = [...new Set(ids)].sort((a, b) => a - b);
  if (sorted.length === 0) return;
  await tx.execute(
    sql`select ${idColumn} from ${idColumn.table} where ${inArray(idColumn, sorted)} order by ${idColumn} for update`,
  );
}
