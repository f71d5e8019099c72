import { PGlite } from '@electric-sql/pglite';
import { count, sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { seedDemoSchool } from '../seed/demo-school';
import { DEMO_ACCOUNTS } from '../seed/demo-data';
import { users } from './schema/identity';
import { schoolMembers, students } from './schema/school';
import { userGroupMembers } from './schema/user-group';
import { type DatabaseHandle, rowsOf, wrapPglite, wrapPool } from './client';
import { migrateDatabase } from './migrate';

/** A brand-new empty database, plus a way to open more connections to it (separate "processes" on PostgreSQL). */
async function freshDatabase(): Promise<{ open(): DatabaseHandle; drop(): Promise<void> }> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const handle = wrapPglite(await PGlite.create());
    return { open: () => handle, drop: () => handle.close() };
  }
  const name = `dfrm_test_migrate_${process.pid}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`drop database if exists "${name}"`);
  await admin.query(`create database "${name}"`);
  const target = new URL(url);
  target.pathname = `/${name}`;
  const handles: DatabaseHandle[] = [];
  return {
    open: () => {
      const handle = wrapPool(new pg.Pool({ connectionString: target.toString(), max: 2 }));
      handles.push(handle);
      return handle;
    },
    drop: async () => {
      await Promise.all(handles.map((h) => h.close()));
      await admin.query(`drop database if exists "${name}"`);
      await admin.end();
    },
  };
}

describe('startup', () => {
  it('several servers migrating and seeding together end up with one schema and one demo school', async () => {
    const fresh = await freshDatabase();
    try {
      const handles = [fresh.open(), fresh.open(), fresh.open()];
      await Promise.all(
        handles.map((handle) =>
          migrateDatabase(handle, (db) => seedDemoSchool(db, { now: 0, password: 'pw' })),
        ),
      );
      const db = handles[0]?.db;
      if (!db) throw new Error('no db');
      const applied = rowsOf<{ n: number }>(
        await db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`),
      );
      expect(applied[0]?.n).toBeGreaterThan(0);
      const counts = async () => ({
        users: (await db.select({ n: count() }).from(users))[0]?.n,
        members: (await db.select({ n: count() }).from(schoolMembers))[0]?.n,
        students: (await db.select({ n: count() }).from(students))[0]?.n,
        groupMembers: (await db.select({ n: count() }).from(userGroupMembers))[0]?.n,
      });
      expect(await counts()).toEqual({
        users: DEMO_ACCOUNTS.length,
        members: 33,
        students: 30,
        groupMembers: 33,
      });
      // seeding again (SEED_DEMO=1 on every start) changes nothing
      await migrateDatabase(handles[1] ?? handles[0]!, (again) =>
        seedDemoSchool(again, { now: 1, password: 'other' }),
      );
      expect(await counts()).toEqual({
        users: DEMO_ACCOUNTS.length,
        members: 33,
        students: 30,
        groupMembers: 33,
      });
    } finally {
      await fresh.drop();
    }
  }, 30_000);
});
