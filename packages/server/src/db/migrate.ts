import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import type { PgDialect, PgSession } from 'drizzle-orm/pg-core';
import { type DatabaseHandle, type Db, withAdvisoryLock } from './client';

// not `new URL('./migrations', import.meta.url)`: jsdom replaces URL in the web package's tests
export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** Arbitrary constant shared by every server process: "dfrm startup". */
export const STARTUP_LOCK_KEY = 0x0df7_2026;

// drizzle's per-driver `migrate` functions only unwrap `db.dialect` and
// `db.session`; going through them here lets one function serve both drivers
// and the single locked connection of withAdvisoryLock.
async function applyMigrations(db: Db): Promise<void> {
  const internals = db as unknown as { dialect: PgDialect; session: PgSession };
  await internals.dialect.migrate(readMigrationFiles({ migrationsFolder }), internals.session, {
    migrationsFolder,
  });
}

/** Applies pending migrations, then `afterwards` (seeding), all under the startup lock. */
export async function migrateDatabase(
  handle: DatabaseHandle,
  afterwards?: (db: Db) => Promise<void>,
): Promise<void> {
  await withAdvisoryLock(handle, STARTUP_LOCK_KEY, async (db) => {
    await applyMigrations(db);
    await afterwards?.(db);
  });
}
