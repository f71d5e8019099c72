import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, type Db, rowsOf, wrapPglite } from './client';
import { allowConcurrentBatches, done, groupCommit, groupRead, refused } from './group-commit';

// Group commit on its own embedded database: a table of writes, each request one row.
let handle: DatabaseHandle;
let db: Db;
/** The same database as one that allows two batches at once (as PostgreSQL's pool does). */
let parallelDb: Db;

beforeAll(async () => {
  const client = await PGlite.create();
  await client.exec('create table writes (id serial primary key, who text not null, batch int not null)');
  handle = wrapPglite(client);
  db = handle.db;
  parallelDb = wrapPglite(client).db;
  allowConcurrentBatches(parallelDb, 2);
});

afterAll(() => handle.close());

interface Request {
  who: string;
  /** refused by the rules: answered as a refusal, the others still commit */
  refuse?: boolean;
  /** makes the transaction fail: it rolls back and the requests run alone */
  poison?: boolean;
  /** keeps its transaction open a while (a slow commit) */
  slow?: boolean;
}

function committer() {
  const batches: string[][] = [];
  const write = groupCommit<Request, string>({
    maxBatch: 3,
    keyOf: (request) => request.who,
    async run(tx, requests) {
      const batch = batches.push(requests.map((request) => request.who));
      const outcomes = [];
      for (const request of requests) {
        if (request.poison) throw new Error('坏请求');
        if (request.slow) await new Promise((resolve) => setTimeout(resolve, 100));
        if (request.refuse) {
          outcomes.push(refused(new Error(`${request.who} 被拒绝`)));
          continue;
        }
        await tx.execute(sql`insert into writes (who, batch) values (${request.who}, ${batch})`);
        outcomes.push(done(`${request.who} 已保存`));
      }
      return outcomes;
    },
  });
  return { write, batches };
}

async function stored(): Promise<string[]> {
  const rows = rowsOf<{ who: string }>(await db.execute(sql`select who from writes order by id`));
  await db.execute(sql`delete from writes`);
  return rows.map((row) => row.who);
}

describe('groupCommit', () => {
  it('sends the requests that arrived by the next turn of the event loop together, at most maxBatch', async () => {
    const { write, batches } = committer();
    const answers = await Promise.all(['a', 'b', 'c', 'd', 'e', 'f'].map((who) => write(db, { who })));
    expect(answers).toEqual(['a 已保存', 'b 已保存', 'c 已保存', 'd 已保存', 'e 已保存', 'f 已保存']);
    expect(batches).toEqual([
      ['a', 'b', 'c'],
      ['d', 'e', 'f'],
    ]);
    expect(await stored()).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
  });

  it('never puts two requests with one key in one transaction, and keeps their order', async () => {
    const { write, batches } = committer();
    await Promise.all(['a', 'b', 'b', 'c', 'b'].map((who) => write(db, { who })));
    expect(batches).toEqual([['a', 'b', 'c'], ['b'], ['b']]);
    expect(await stored()).toEqual(['a', 'b', 'c', 'b', 'b']);
  });

  it('answers a refusal to its request alone; the others of its transaction are saved', async () => {
    const { write } = committer();
    const answers = await Promise.allSettled([
      write(db, { who: 'a' }),
      write(db, { who: 'b' }),
      write(db, { who: 'c', refuse: true }),
      write(db, { who: 'd' }),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'rejected',
      'fulfilled',
    ]);
    expect((answers[2] as PromiseRejectedResult).reason).toEqual(new Error('c 被拒绝'));
    expect(await stored()).toEqual(['a', 'b', 'd']);
  });

  it('runs the requests of a failed transaction alone: only the one that fails it fails', async () => {
    const { write, batches } = committer();
    const answers = await Promise.allSettled([
      write(db, { who: 'a' }),
      write(db, { who: 'b' }),
      write(db, { who: 'x', poison: true }),
      write(db, { who: 'd' }),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'rejected',
      'fulfilled',
    ]);
    expect(batches).toEqual([['a', 'b', 'x'], ['a'], ['b'], ['x'], ['d']]);
    // nothing of the rolled back transaction stays: each saved once
    expect(await stored()).toEqual(['a', 'b', 'd']);
  });

  it('in a burst, waits a little for the requests still arriving instead of committing each alone', async () => {
    const { write, batches } = committer();
    await write(db, { who: 'a' });
    await new Promise<void>((resolve) => setImmediate(resolve));
    // the queue has just been busy: the next request waits for company; one arriving a turn later joins it
    const b = write(db, { who: 'b' });
    await new Promise<void>((resolve) => setImmediate(resolve));
    const c = write(db, { who: 'c' });
    await Promise.all([b, c]);
    expect(batches).toEqual([['a'], ['b', 'c']]);
    expect(await stored()).toEqual(['a', 'b', 'c']);
  });
});

describe('groupCommit with batches at once', () => {
  it('runs a second batch while the first is under way, never two requests of one key at once', async () => {
    const { write, batches } = committer();
    await Promise.all(
      ['a', 'b', 'c', 'd', 'a'].map((who, index) => write(parallelDb, { who, slow: index === 0 })),
    );
    // one at a time, the second batch would have been [d, a]; the second a waits for the first
    expect(batches).toEqual([['a', 'b', 'c'], ['d'], ['a']]);
    expect(await stored()).toEqual(['a', 'b', 'c', 'd', 'a']);
  });
});

describe('groupRead', () => {
  it('answers the lookups that arrive together with one statement, each key once', async () => {
    await db.execute(sql`insert into writes (who, batch) values ('甲', 1), ('乙', 1), ('丙', 2)`);
    const statements: string[][] = [];
    const batchOf = groupRead<string, number | undefined>({
      maxBatch: 10,
      keyOf: (who) => who,
      async run(reader, whos) {
        statements.push([...whos]);
        const rows = rowsOf<{ who: string; batch: number }>(
          await reader.execute(
            sql`select who, batch from writes where who in (${sql.join(
              whos.map((who) => sql`${who}`),
              sql`, `,
            )})`,
          ),
        );
        return whos.map((who) => done(rows.find((row) => row.who === who)?.batch));
      },
    });
    // lookups of one key share its answer
    expect(await Promise.all(['甲', '丙', '丁', '乙', '甲'].map((who) => batchOf(db, who)))).toEqual([
      1,
      2,
      undefined,
      1,
      1,
    ]);
    expect(statements).toEqual([['甲', '丙', '丁', '乙']]);
    await stored();
  });

  it('bounds the distinct keys of a statement, not the lookups: a class reading one exam is one statement', async () => {
    const statements: number[][] = [];
    const lookup = groupRead<number, number>({
      maxBatch: 3,
      keyOf: String,
      async run(_reader, ids) {
        statements.push([...ids]);
        return ids.map((id) => done(id * 10));
      },
    });
    const sameExam = await Promise.all(Array.from({ length: 50 }, () => lookup(db, 7)));
    expect(sameExam).toEqual(Array.from({ length: 50 }, () => 70));
    expect(statements).toEqual([[7]]);

    statements.length = 0;
    expect(await Promise.all([1, 2, 1, 3, 4, 5, 2, 6, 7].map((id) => lookup(db, id)))).toEqual([
      10, 20, 10, 30, 40, 50, 20, 60, 70,
    ]);
    expect(statements).toEqual([[1, 2, 3], [4, 5, 6], [7]]);
  });
});
