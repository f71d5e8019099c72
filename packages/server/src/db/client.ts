import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { allowConcurrentBatches } from './group-commit';

/**
 * What services and the app see: drizzle's PostgreSQL query builder, the same
 * for embedded PGlite and a PostgreSQL server. Transactions (`db.transaction`)
 * hand out a value of this type too.
 */
export type Db = PgDatabase<PgQueryResultHKT>;

export type DatabaseHandle =
  | { kind: 'pglite'; db: Db; client: PGlite; close(): Promise<void> }
  | { kind: 'postgres'; db: Db; pool: pg.Pool; close(): Promise<void> };

export interface OpenDatabaseOptions {
  /** node-postgres connection string; when set, PostgreSQL is used. */
  databaseUrl?: string | undefined;
  /** Folder of the embedded database; `memory://` for an in-memory one. */
  dataDir?: string | undefined;
  /** Pool size for PostgreSQL. */
  maxConnections?: number;
}

export function wrapPglite(client: PGlite): DatabaseHandle {
  return { kind: 'pglite', db: drizzlePglite(client), client, close: () => client.close() };
}

export function wrapPool(pool: pg.Pool): DatabaseHandle {
  const db = drizzlePostgres(pool);
  // batches of one kind in parallel on the pool's connections, a few kept for everything else
  allowConcurrentBatches(db, Math.max(1, Math.min(4, pool.options.max - 2)));
  return { kind: 'postgres', db, pool, close: () => pool.end() };
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.maxConnections ?? 10 });
    // An idle client losing its connection must not crash the process; the pool replaces it.
    pool.on('error', (error) => console.error('[数据库] 连接池错误', error));
    await pool.query('select 1');
    return wrapPool(pool);
  }
  const dataDir = options.dataDir ?? 'memory://';
  if (!dataDir.includes('://')) mkdirSync(path.resolve(dataDir), { recursive: true });
  const client = await PGlite.create({ dataDir: dataDir.includes('://') ? dataDir : path.resolve(dataDir) });
  return wrapPglite(client);
}

// PGlite is one session, where advisory locks are re-entrant and exclude
// nothing; callers sharing an embedded database queue up here instead.
const pgliteQueues = new WeakMap<PGlite, Promise<unknown>>();

/**
 * Runs `fn` while holding a session-level advisory lock, on one connection,
 * so several server processes starting together on one PostgreSQL take turns
 * (migrations, seeding).
 */
export async function withAdvisoryLock<T>(
  handle: DatabaseHandle,
  key: number,
  fn: (db: Db) => Promise<T>,
): Promise<T> {
  if (handle.kind === 'pglite') {
    const previous = pgliteQueues.get(handle.client) ?? Promise.resolve();
    const run = previous.catch(() => undefined).then(() => fn(handle.db));
    pgliteQueues.set(handle.client, run);
    return run;
  }
  const connection = await handle.pool.connect();
  try {
    await connection.query('select pg_advisory_lock($1)', [key]);
    try {
      return await fn(drizzlePostgres(connection));
    } finally {
      await connection.query('select pg_advisory_unlock($1)', [key]);
    }
  } finally {
    connection.release();
  }
}

/** Rows of a raw `db.execute` result; both drivers answer `{ rows }`. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
