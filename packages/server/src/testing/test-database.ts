import { createHash } from 'node:crypto';
import { Blob } from 'node:buffer';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { type DatabaseHandle, type Db, wrapPglite, wrapPool } from '../db/client';
import { migrateDatabase, migrationsFolder } from '../db/migrate';
import { openReadCache, type ReadCache } from '../db/read-cache';
import { demoPassword } from '../seed/demo-data';
import { seedDemoSchool } from '../seed/demo-school';
import { restoreSnapshot, type SnapshotPlan, takeSnapshot } from './snapshot';

/** 2026-03-02 09:00 in Beijing: the instant every test starts at (and the seed's timestamps). */
export const TEST_START = Date.UTC(2026, 2, 2, 1, 0, 0);

export const TEST_DATABASE_PREFIX = 'dfrm_test_';

export interface TestDatabase {
  kind: DatabaseHandle['kind'];
  db: Db;
  /** The read cache the server would have on this database (PGlite: on; PostgreSQL: none). */
  readCache: ReadCache | null;
  /** Puts the migrated + seeded state back. */
  restore(): Promise<void>;
  /** A second connection pool to the same database, as a second server process would have (PGlite: the same one). */
  openPeer(): Promise<{ db: Db; close(): Promise<void> }>;
  close(): Promise<void>;
}

async function prepare(handle: DatabaseHandle): Promise<void> {
  await migrateDatabase(handle, (db) => seedDemoSchool(db, { now: TEST_START, password: demoPassword() }));
}

// ---- PGlite ---------------------------------------------------------------

const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * Key of the cached, already migrated and seeded data folder: it changes with
 * the migrations, the seed code, the password and the PGlite version, so a
 * stale cache is never used.
 */
async function cacheKey(): Promise<string | null> {
  try {
    const hash = createHash('sha256');
    for (const name of (await readdir(migrationsFolder, { recursive: true })).sort()) {
      if (name.endsWith('.sql') || name.endsWith('.json'))
        hash.update(name).update(await readFile(path.join(migrationsFolder, name)));
    }
    for (const file of [
      '../seed/demo-data.ts',
      '../seed/demo-school.ts',
      './snapshot.ts',
      './test-database.ts',
    ]) {
      hash.update(await readFile(path.join(here, file)));
    }
    // the package does not export its package.json; it sits one folder above dist/
    const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
    const pglite = JSON.parse(
      await readFile(path.join(path.dirname(entry), '..', 'package.json'), 'utf8'),
    ) as {
      version: string;
    };
    hash.update(pglite.version).update(demoPassword()).update(String(TEST_START));
    return hash.digest('hex').slice(0, 24);
  } catch {
    return null;
  }
}

const cacheDir = path.join(tmpdir(), 'dfrm-server-test-cache');

/** Drops cache entries of other versions that nobody wrote for a day. */
async function pruneCache(keep: string): Promise<void> {
  const dayAgo = Date.now() - 86_400_000;
  for (const name of await readdir(cacheDir)) {
    const file = path.join(cacheDir, name);
    if (file.startsWith(keep)) continue;
    const info = await stat(file).catch(() => null);
    if (info && info.mtimeMs < dayAgo) await rm(file, { force: true });
  }
}

interface PgliteStart {
  client: PGlite;
  plan: SnapshotPlan;
}

async function startPglite(): Promise<PgliteStart> {
  const key = await cacheKey();
  const cached = key ? path.join(cacheDir, `${key}.tar`) : null;
  if (cached) {
    try {
      const [tar, plan] = await Promise.all([readFile(cached), readFile(`${cached}.json`, 'utf8')]);
      const client = await PGlite.create({ loadDataDir: new Blob([tar]) as unknown as globalThis.Blob });
      return { client, plan: JSON.parse(plan) as SnapshotPlan };
    } catch {
      // no cache yet (or a broken one): build it below
    }
  }
  const client = await PGlite.create();
  const handle = wrapPglite(client);
  await prepare(handle);
  const plan = await takeSnapshot(handle.db, async (script) => {
    await client.exec(script);
  });
  if (cached) {
    // written under a temporary name and renamed, so parallel workers never read half a file
    const dump = await client.dumpDataDir('none');
    const temporary = `${cached}.${process.pid}.${Date.now()}`;
    await mkdir(cacheDir, { recursive: true });
    await writeFile(`${temporary}.json`, JSON.stringify(plan));
    await writeFile(temporary, new Uint8Array(await dump.arrayBuffer()));
    await rename(`${temporary}.json`, `${cached}.json`);
    await rename(temporary, cached);
    await pruneCache(cached);
  }
  return { client, plan };
}

async function openPgliteTestDatabase(): Promise<TestDatabase> {
  const { client, plan } = await startPglite();
  const handle = wrapPglite(client);
  const readCache = await openReadCache(handle);
  return {
    kind: 'pglite',
    db: handle.db,
    readCache,
    restore: () => restoreSnapshot(handle.db, plan, async (script) => void (await client.exec(script))),
    openPeer: async () => ({ db: handle.db, close: async () => {} }),
    close: async () => {
      await readCache?.close();
      await handle.close();
    },
  };
}

// ---- PostgreSQL -----------------------------------------------------------

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

/** One database per worker process, dropped by the global teardown (src/testing/global-setup.ts). */
async function openPostgresTestDatabase(databaseUrl: string): Promise<TestDatabase> {
  const name = `${TEST_DATABASE_PREFIX}${process.pid}_${process.env.VITEST_POOL_ID ?? '0'}`;
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  try {
    await admin.query(`drop database if exists "${name}"`);
    await admin.query(`create database "${name}"`);
  } finally {
    await admin.end();
  }
  const url = withDatabase(databaseUrl, name);
  const newPool = () => new pg.Pool({ connectionString: url, max: 5, allowExitOnIdle: true });
  const pool = newPool();
  const handle = wrapPool(pool);
  await prepare(handle);
  const exec = async (script: string) => void (await pool.query(script));
  const plan = await takeSnapshot(handle.db, exec);
  return {
    kind: 'postgres',
    db: handle.db,
    readCache: null,
    restore: () => restoreSnapshot(handle.db, plan, exec),
    openPeer: async () => {
      const peer = wrapPool(newPool());
      return { db: peer.db, close: () => peer.close() };
    },
    close: () => handle.close(),
  };
}

let shared: Promise<TestDatabase> | undefined;

/**
 * The database of this test worker: opened, migrated and seeded once, then
 * restored to that state by each createTestApp(). PostgreSQL when
 * DATABASE_URL is set, else in-memory PGlite.
 */
export function sharedTestDatabase(): Promise<TestDatabase> {
  shared ??= (() => {
    const url = process.env.DATABASE_URL;
    const opening = url ? openPostgresTestDatabase(url) : openPgliteTestDatabase();
    opening.catch(() => {
      shared = undefined;
    });
    return opening;
  })();
  return shared;
}

/** Closes the worker's database (the next sharedTestDatabase() opens a fresh one). */
export async function closeSharedTestDatabase(): Promise<void> {
  const current = shared;
  shared = undefined;
  if (current) await (await current).close();
}
