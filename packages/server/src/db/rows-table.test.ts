import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, rowsOf, wrapPglite } from './client';
import { rowsTable } from './rows-table';

let handle: DatabaseHandle;

beforeAll(async () => {
  handle = wrapPglite(await PGlite.create());
  await handle.db.execute(sql`create table answers (id bigint primary key, answer jsonb, note text)`);
});

afterAll(() => handle.close());

describe('rowsTable', () => {
  it('reads a batch of rows back as a table: big numbers, JSON, quotes, and null as SQL null', async () => {
    const rows = [
      { id: 9_007_199_254_740_991, answer: ['A', 'C'], note: `它's "引号"` },
      { id: 2, answer: null, note: null },
    ];
    await handle.db.execute(
      sql`insert into answers select v.id, v.answer, v.note from ${rowsTable(rows, 'id bigint, answer jsonb, note text')}`,
    );
    const stored = rowsOf<{ id: string | number; answer: unknown; note: string | null; absent: boolean }>(
      await handle.db.execute(
        sql`select id::text as id, answer, note, answer is null as absent from answers order by id`,
      ),
    );
    expect(stored).toEqual([
      { id: '2', answer: null, note: null, absent: true },
      { id: '9007199254740991', answer: ['A', 'C'], note: `它's "引号"`, absent: false },
    ]);
  });

  it('matches rows of a table by a pair of columns', async () => {
    const found = rowsOf<{ id: string }>(
      await handle.db.execute(
        sql`select a.id::text as id from answers a where (a.id, a.note) in (select v.id, v.note from ${rowsTable(
          [
            { id: 2, note: 'x' },
            { id: 9_007_199_254_740_991, note: `它's "引号"` },
          ],
          'id bigint, note text',
        )})`,
      ),
    );
    expect(found.map((row) => row.id)).toEqual(['9007199254740991']);
  });
});
