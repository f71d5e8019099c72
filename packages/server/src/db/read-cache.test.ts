import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type DatabaseHandle, type Db, rowsOf, wrapPglite } from './client';
import { openReadCache, ownRows, type ReadCache } from './read-cache';

// The cache on its own database: parents and children (a cascading foreign key) and an unrelated table.
let handle: DatabaseHandle;
let cache: ReadCache;

beforeAll(async () => {
  const client = await PGlite.create();
  await client.exec(`
    create table parents (id int primary key, name text not null);
    create table children (id int primary key, parent_id int not null references parents(id) on delete cascade);
    create table others (id int primary key);
    create table receipts (id int primary key, user_id int not null);
    create table users (id int primary key, name text not null);
    insert into users values (1, '张三'), (2, '李四');
    insert into receipts values (1, 1), (2, 2);
    insert into parents values (1, '一班');
    insert into children values (10, 1), (11, 1);`);
  handle = wrapPglite(client);
  const opened = await openReadCache(handle);
  if (!opened) throw new Error('PGlite must have a read cache');
  cache = opened;
});

afterAll(async () => {
  await cache.close();
  await handle.close();
});

let computed = 0;
beforeEach(() => {
  computed = 0;
});

/** How many children parent 1 has, counted by the database (and how often it was asked). */
const childCount = (db: Db) => {
  computed += 1;
  return db
    .execute(sql`select count(*)::int as n from children where parent_id = 1`)
    .then((result) => rowsOf<{ n: number }>(result)[0]?.n);
};
const parentName = (db: Db) => {
  computed += 1;
  return db
    .execute(sql`select p.name from parents p join children c on c.parent_id = p.id where c.id = 10`)
    .then((result) => rowsOf<{ name: string }>(result)[0]?.name ?? null);
};

describe('read cache', () => {
  it('answers a repeated read without asking the database again', async () => {
    expect(await cache.read('children', childCount)).toBe(2);
    expect(await cache.read('children', childCount)).toBe(2);
    expect(computed).toBe(1);
  });

  it('reads again after a write to a table the answer read, and not after one to another table', async () => {
    expect(await cache.read('name', parentName)).toBe('一班');
    await handle.db.execute(sql`insert into others values (1)`);
    expect(await cache.read('name', parentName)).toBe('一班');
    expect(computed).toBe(1);

    await handle.db.execute(sql`update parents set name = '二班' where id = 1`);
    expect(await cache.read('name', parentName)).toBe('二班');
    expect(computed).toBe(2);
  });

  it('keeps the answer after a statement that changed no row', async () => {
    expect(await cache.read('children', childCount)).toBe(2);
    computed = 0;
    await handle.db.execute(sql`insert into children values (10, 1) on conflict do nothing`);
    await handle.db.execute(sql`delete from children where id = 999`);
    expect(await cache.read('children', childCount)).toBe(2);
    expect(computed).toBe(0);
    await handle.db.execute(sql`truncate others`);
    await handle.db.execute(sql`insert into children values (14, 1) on conflict do nothing`);
    expect(await cache.read('children', childCount)).toBe(3);
    await handle.db.execute(sql`delete from children where id = 14`);
  });

  it('keeps a read of one user’s own rows when another user’s rows change', async () => {
    const mine = (db: Db) => {
      computed += 1;
      return db
        .execute(sql`select count(*)::int as n from receipts where user_id = 1`)
        .then((result) => rowsOf<{ n: number }>(result)[0]?.n);
    };
    const scope = { userId: 1, ownRowsOf: ['receipts'] };
    expect(await cache.read('receipts of 1', mine, scope)).toBe(1);
    await handle.db.execute(sql`insert into receipts values (3, 2)`);
    await handle.db.execute(sql`update receipts set id = 4 where id = 3`);
    await handle.db.execute(sql`delete from receipts where id = 4`);
    expect(await cache.read('receipts of 1', mine, scope)).toBe(1);
    expect(computed).toBe(1);

    await handle.db.execute(sql`insert into receipts values (5, 1)`);
    expect(await cache.read('receipts of 1', mine, scope)).toBe(2);
    await handle.db.execute(sql`update receipts set user_id = 2 where id = 5`);
    expect(await cache.read('receipts of 1', mine, scope)).toBe(1);
    await handle.db.execute(sql`update receipts set user_id = 1 where id = 5`);
    expect(await cache.read('receipts of 1', mine, scope)).toBe(2);
    await handle.db.execute(sql`delete from receipts where id = 5`);
    expect(await cache.read('receipts of 1', mine, scope)).toBe(1);
    expect(computed).toBe(5);

    // unscoped, the same read depends on every user's rows
    expect(await cache.read('receipts of 1, unscoped', mine)).toBe(1);
    await handle.db.execute(sql`insert into receipts values (6, 2)`);
    expect(await cache.read('receipts of 1, unscoped', mine)).toBe(1);
    expect(computed).toBe(7);
  });

  it('keeps an answer with named dependencies until one of them changes: a user’s own rows, users by id', async () => {
    // a user and their receipts, read elsewhere (one statement serving many keys): the dependencies are named
    const profile = async (userId: number) => {
      computed += 1;
      const result = await handle.db.execute(
        sql`select u.name, (select count(*)::int from receipts r where r.user_id = u.id) as n from users u where u.id = ${userId}`,
      );
      return rowsOf<{ name: string; n: number }>(result)[0] ?? null;
    };
    const read = (userId: number) =>
      cache.readWith(
        `profile ${userId}`,
        () => profile(userId),
        (found) => (found ? ownRows(userId, ['users', 'receipts']) : null),
      );
    expect(await read(1)).toEqual({ name: '张三', n: 1 });
    await handle.db.execute(sql`update users set name = '李四四' where id = 2`);
    await handle.db.execute(sql`insert into receipts values (7, 2)`);
    expect(await read(1)).toEqual({ name: '张三', n: 1 });
    expect(computed).toBe(1);

    await handle.db.execute(sql`update users set name = '张三丰' where id = 1`);
    expect(await read(1)).toEqual({ name: '张三丰', n: 1 });
    await handle.db.execute(sql`insert into receipts values (8, 1)`);
    expect(await read(1)).toEqual({ name: '张三丰', n: 2 });
    expect(computed).toBe(3);

    // an answer its dependencies call unknown is not kept
    expect(await read(9)).toBeNull();
    expect(await read(9)).toBeNull();
    expect(computed).toBe(5);
    await handle.db.execute(sql`delete from receipts where id in (7, 8)`);
    await handle.db.execute(sql`update users set name = '张三' where id = 1`);
    await handle.db.execute(sql`update users set name = '李四' where id = 2`);
  });

  it('refuses a named dependency on an unknown table or on the user rows of a table without a user column', async () => {
    for (const dependency of ['nowhere', 'children:1']) {
      await expect(
        cache.readWith(
          dependency,
          async () => 1,
          () => [dependency],
        ),
      ).rejects.toThrow(`读缓存：不能依赖 ${dependency}`);
    }
  });

  it('refuses to scope a table that has no user column', async () => {
    await expect(cache.read('children', childCount, { userId: 1, ownRowsOf: ['children'] })).rejects.toThrow(
      '读缓存：表 children 没有 user_id 列，不能按用户限定',
    );
  });

  it('sees a cascaded delete, which no statement names', async () => {
    await handle.db.execute(sql`insert into parents values (2, '三班')`);
    await handle.db.execute(sql`insert into children values (20, 2)`);
    const count = (db: Db) =>
      db
        .execute(sql`select count(*)::int as n from children where parent_id = 2`)
        .then((result) => rowsOf<{ n: number }>(result)[0]?.n);
    expect(await cache.read('children of 2', count)).toBe(1);
    await handle.db.execute(sql`delete from parents where id = 2`);
    expect(await cache.read('children of 2', count)).toBe(0);
  });

  it('keeps the answer when a write is rolled back', async () => {
    const before = await cache.read('children', childCount);
    computed = 0;
    await expect(
      handle.db.transaction(async (tx) => {
        await tx.execute(sql`insert into children values (12, 1)`);
        throw new Error('放弃');
      }),
    ).rejects.toThrow('放弃');
    expect(await cache.read('children', childCount)).toBe(before);
    expect(computed).toBe(0);
  });

  it('does not keep an answer whose table changed while it was being computed', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const slow = async (db: Db) => {
      const n = await childCount(db);
      await gate; // a teacher's write commits between the read and the answer
      return n;
    };
    const first = cache.read('slow', slow);
    await new Promise((resolve) => setTimeout(resolve, 20));
    await handle.db.execute(sql`insert into children values (13, 1)`);
    release();
    const stale = await first;
    const again = await cache.read('slow', slow);
    expect(again).toBe((stale ?? 0) + 1);
  });

  it('never keeps a failure', async () => {
    let fail = true;
    const flaky = async (db: Db) => {
      const n = await childCount(db);
      if (fail) throw new Error('数据库暂时不可用');
      return n;
    };
    await expect(cache.read('flaky', flaky)).rejects.toThrow('数据库暂时不可用');
    fail = false;
    expect(await cache.read('flaky', flaky)).toBeGreaterThan(0);
  });

  it('keeps no more than its memory budget, dropping the least recently used answers', async () => {
    const small = await openReadCache(handle, { maxBytes: 2_000 });
    if (!small) throw new Error('PGlite must have a read cache');
    try {
      const big = (label: string) => async () => {
        computed += 1;
        return `${label}${'数'.repeat(800)}`;
      };
      await small.read('a', big('a'));
      await small.read('b', big('b'));
      await small.read('c', big('c'));
      expect(small.stats().entries).toBe(2);
      await small.read('a', big('a'));
      expect(computed).toBe(4);
    } finally {
      await small.close();
    }
  });

  it('is not used on PostgreSQL, where other processes write too', async () => {
    const fake = { kind: 'postgres' } as unknown as DatabaseHandle;
    expect(await openReadCache(fake)).toBeNull();
  });
});
