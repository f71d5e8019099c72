import type { Hono } from 'hono';
import { type AppDeps, createApp } from '../app';
import type { Db } from '../db/client';
import { type AppConfig, defaultConfig } from '../lib/config';
import type { AppEnv } from '../routes/hono-env';
import type { Storage } from '../lib/storage';
import { createTestClock, type TestClock } from './clock';
import { MemoryStorage } from './memory-storage';
import { type CapturingSms, createCapturingSms } from './sms';
import { sharedTestDatabase, TEST_START } from './test-database';

// Entry point of `@dfrm/server/testing`. Nothing here runs at import time, so
// it can be imported from any vitest environment (jsdom included); the
// database opens on the first createTestApp().

export interface TestApp {
  app: Hono<AppEnv>;
  clock: TestClock;
  sms: CapturingSms;
  db: Db;
  config: AppConfig;
  /** Uploaded files of this test app (in memory unless the options gave another Storage). */
  storage: Storage;
  kind: 'pglite' | 'postgres';
  /** Another createApp on the same database, like a second server process (own pool on PostgreSQL). */
  createPeerApp(overrides?: Partial<AppDeps>): Promise<Hono<AppEnv>>;
  /** Releases peers; the worker's database stays open for the next test. */
  close(): Promise<void>;
}

export interface TestAppOptions {
  config?: Partial<AppConfig>;
  /** Start of the test clock (epoch ms); TEST_START by default. */
  now?: number;
  /** Unexpected errors; console.error by default. */
  logError?: (message: string, error: unknown) => void;
  /** Where uploads go; a fresh MemoryStorage by default. */
  storage?: Storage;
}

/**
 * A complete server (the same createApp as `start`) on this worker's database,
 * reset to the freshly seeded demo school. Call it once per test: it is cheap
 * (a snapshot restore), while opening a database takes seconds and happens once.
 */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const database = await sharedTestDatabase();
  await database.restore();
  const clock = createTestClock(options.now ?? TEST_START);
  const sms = createCapturingSms();
  // no web app: tests of the web package serve it themselves
  const config = defaultConfig({ webDist: null, ...options.config });
  const storage = options.storage ?? new MemoryStorage();
  const deps: AppDeps = {
    db: database.db,
    clock,
    sms,
    config,
    storage,
    readCache: database.readCache,
    ...(options.logError ? { logError: options.logError } : {}),
  };
  const peers: (() => Promise<void>)[] = [];
  return {
    app: createApp(deps),
    clock,
    sms,
    db: database.db,
    config,
    storage,
    kind: database.kind,
    async createPeerApp(overrides = {}) {
      const peer = await database.openPeer();
      peers.push(peer.close);
      return createApp({ ...deps, db: peer.db, ...overrides });
    },
    async close() {
      await Promise.all(peers.splice(0).map((closePeer) => closePeer()));
    },
  };
}

export { closeSharedTestDatabase, TEST_START } from './test-database';
export { call, login, sessionHeaders, type ApiAnswer, type CallOptions, type Session } from './http';
export { DEMO_ACCOUNTS, DEMO_SCHOOL, demoAccount, demoPassword } from '../seed/demo-data';
export type { TestClock } from './clock';
export { MemoryStorage } from './memory-storage';
export type { CapturingSms, SentSms } from './sms';
export { hashInitialPassword, initialPassword } from '../services/student/accounts';
