import pg from 'pg';
import { TEST_DATABASE_PREFIX } from './test-database';

/** Drops the per-worker PostgreSQL databases after the run (PGlite ones vanish with their workers). */
export async function teardown(): Promise<void> {
  const url = process.env.DATABASE_URL;
  if (!url) return;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string }>(
      'select datname as name from pg_database where datname like $1',
      [`${TEST_DATABASE_PREFIX}%`],
    );
    for (const { name } of rows) await client.query(`drop database if exists "${name}" with (force)`);
  } finally {
    await client.end();
  }
}
