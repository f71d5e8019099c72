import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { LRUCache } from 'lru-cache';
import type { DatabaseHandle, Db } from './client';

/**
 * Answers of repeated reads, kept until a table they read changes.
 *
 * Why: on the embedded database every statement runs on the one thread that
 * also serves HTTP, and planning it costs more than the lookups themselves, so
 * a class refreshing its lists (and the web app polling unread counts) would
 * queue behind itself. Most of those reads repeat an answer nothing has changed.
 *
 * How it stays exact:
 * - Every table of `public` gets statement triggers that send
 *   `pg_notify('dfrm_table_changed', <table>)` when a statement changed rows. PostgreSQL delivers a
 *   notification only when its transaction commits, cascaded deletes and raw
 *   statements included, and PGlite hands it to the listener before the
 *   writer's own `await` returns: once a write is acknowledged, no cached
 *   answer that read its table is served again.
 * - An answer's tables are the ones its statements named, recorded while it is
 *   computed (drizzle's query log on a database handle of its own). Naming a
 *   table is enough to depend on it, so the record errs only towards
 *   invalidating too much.
 * - An answer remembers the change counter from before its first statement; a
 *   change of one of its tables after that, even while it was computing, makes
 *   it stale. Failures are never kept.
 *
 * Only where this process is the database's only writer: embedded PGlite (one
 * process by construction). On PostgreSQL several server processes write, and a
 * notification reaches the others a moment after the commit; there the reads
 * go to the database, which serves them in parallel on its own cores.
 */
export interface ReadCache {
  /** `compute`'s answer for `key`, from the cache while no table it read has changed since. */
  read<T>(key: string, compute: (db: Db) => Promise<T>, scope?: ReadScope): Promise<T>;
  /**
   * `compute`'s answer for `key`, kept while the tables `dependsOn(answer)` names are unchanged:
   * `table`, or `table:<userId>` for one user's rows of a table `ownRows` may name. For reads whose
   * statements run elsewhere (db/group-commit.ts groupRead: one statement answers many keys) and
   * whose rows belong to a user known only from the answer. `null`: the answer is not kept.
   */
  readWith<T>(
    key: string,
    compute: () => Promise<T>,
    dependsOn: (value: T) => readonly string[] | null,
  ): Promise<T>;
  /** What the cache holds and how it served (for the benches and tests). */
  stats(): { entries: number; hits: number; misses: number };
  /** Stops listening and forgets every answer. */
  close(): Promise<void>;
}

/**
 * A read that looks only at one user's rows of some tables (a student's own read receipts): a
 * change to another user's rows of those tables leaves its answer standing. Only tables with a
 * `user_id` column can be named; the verb must really filter them by that user.
 */
export interface ReadScope {
  userId: number;
  ownRowsOf: readonly string[];
}

/** The dependencies on one user's rows of these tables (readWith). */
export const ownRows = (userId: number, tables: readonly string[]): string[] =>
  tables.map((table) => `${table}:${userId}`);

/** Tables whose rows are a user's by their `id`, not a `user_id` column. */
const USER_TABLES = ['users'];

export const TABLE_CHANGED_CHANNEL = 'dfrm_table_changed';
const TRIGGER = 'zz_read_cache_changed';

export interface ReadCacheOptions {
  /** Answers kept at most (least recently used go first). */
  maxEntries?: number;
  /** Memory the answers may take, counted as the length of their JSON (least recently used go first). */
  maxBytes?: number;
  /** Longest an answer is kept even if nothing changed (a safety net, not the mechanism). */
  ttlMs?: number;
}

interface Entry {
  value: unknown;
  tables: readonly string[];
  /** The change counter before the answer's first statement. */
  readAt: number;
}

/**
 * Installs the change triggers on every table of `public` (again at each start: new tables get
 * theirs). One statement trigger per kind of write, each with its transition table, so a statement
 * that changed no row (an `on conflict do nothing` that found its row: reading a notice again)
 * invalidates nothing; truncate always does. Tables with a `user_id` column (and `users`, by `id`)
 * also name the users whose rows changed (`<table>:<userId>`), for reads scoped to their own rows.
 * Answers the tables, and which of them have a `user_id` column.
 */
async function installTriggers(client: PGlite): Promise<{ tables: string[]; perUser: string[] }> {
  const notifyRows = (rows: string) => `
        if exists (select 1 from ${rows}) then
          perform pg_notify('${TABLE_CHANGED_CHANNEL}', tg_table_name);
          if tg_argv[0] = 'per-user' then
            perform pg_notify('${TABLE_CHANGED_CHANNEL}', tg_table_name || ':' || u)
              from (select distinct user_id as u from ${rows}) as users_of_rows;
          elsif tg_argv[0] = 'per-id' then
            perform pg_notify('${TABLE_CHANGED_CHANNEL}', tg_table_name || ':' || u)
              from (select distinct id as u from ${rows}) as users_of_rows;
          end if;
        end if;`;
  const create = (kind: string, referencing: string, fn: string) => `
          execute format(
            'create or replace trigger ${TRIGGER}_${kind} after ${kind} on public.%I
               ${referencing} for each statement execute function public.${fn}(%L)',
            t.name, t.mode);`;
  await client.exec(`
    create or replace function public.dfrm_rows_changed() returns trigger language plpgsql as $$
      begin ${notifyRows('changed_rows')}
        return null;
      end $$;
    create or replace function public.dfrm_rows_updated() returns trigger language plpgsql as $$
      begin ${notifyRows('(select * from old_rows union all select * from new_rows) as both_rows')}
        return null;
      end $$;
    create or replace function public.dfrm_table_truncated() returns trigger language plpgsql as $$
      begin
        perform pg_notify('${TABLE_CHANGED_CHANNEL}', tg_table_name);
        return null;
      end $$;
    do $$
      declare t record;
      begin
        for t in
          select c.tablename as name,
                 case when c.tablename in (${USER_TABLES.map((table) => `'${table}'`).join(', ')}) then 'per-id'
                 when exists (select 1 from information_schema.columns k
                   where k.table_schema = 'public' and k.table_name = c.tablename and k.column_name = 'user_id')
                 then 'per-user' else 'table' end as mode
          from pg_tables c where c.schemaname = 'public'
        loop
          ${create('insert', 'referencing new table as changed_rows', 'dfrm_rows_changed')}
          ${create('update', 'referencing old table as old_rows new table as new_rows', 'dfrm_rows_updated')}
          ${create('delete', 'referencing old table as changed_rows', 'dfrm_rows_changed')}
          ${create('truncate', '', 'dfrm_table_truncated')}
        end loop;
      end $$;`);
  const { rows } = await client.query<{ name: string; perUser: boolean }>(
    `select c.tablename as name,
            exists (select 1 from information_schema.columns k
              where k.table_schema = 'public' and k.table_name = c.tablename and k.column_name = 'user_id') as "perUser"
     from pg_tables c where c.schemaname = 'public'`,
  );
  return {
    tables: rows.map((row) => row.name),
    perUser: [...rows.filter((row) => row.perUser).map((row) => row.name), ...USER_TABLES],
  };
}

/** The read cache of a database, or null where it would not be exact (PostgreSQL: see above). */
export async function openReadCache(
  handle: DatabaseHandle,
  options: ReadCacheOptions = {},
): Promise<ReadCache | null> {
  if (handle.kind !== 'pglite') return null;
  const client = handle.client;
  const installed = await installTriggers(client);
  const tables = new Set(installed.tables);
  const perUser = new Set(installed.perUser);

  let counter = 0;
  const changedAt = new Map<string, number>();
  let hits = 0;
  let misses = 0;
  const entries = new LRUCache<string, Entry>({
    max: options.maxEntries ?? 20_000,
    maxSize: options.maxBytes ?? 64 * 1024 * 1024,
    sizeCalculation: (entry) => Math.max(1, JSON.stringify(entry.value)?.length ?? 1),
    ttl: options.ttlMs ?? 5 * 60_000,
  });
  const unlisten = await client.listen(TABLE_CHANGED_CHANNEL, (table) => {
    counter += 1;
    changedAt.set(table, counter);
  });

  const fresh = (entry: Entry) => entry.tables.every((table) => (changedAt.get(table) ?? 0) <= entry.readAt);
  /** The answer kept for `key` while it still holds, counted as a hit; else a miss. */
  const keptAnswer = (key: string): Entry | null => {
    const entry = entries.get(key);
    if (entry && fresh(entry)) {
      hits += 1;
      return entry;
    }
    misses += 1;
    return null;
  };

  return {
    async read<T>(key: string, compute: (db: Db) => Promise<T>, scope?: ReadScope): Promise<T> {
      for (const table of scope?.ownRowsOf ?? []) {
        if (!perUser.has(table)) throw new Error(`读缓存：表 ${table} 没有 user_id 列，不能按用户限定`);
      }
      const kept = keptAnswer(key);
      if (kept) return kept.value as T;
      const readAt = counter;
      const named = new Set<string>();
      const recording = drizzlePglite(client, {
        logger: {
          logQuery(query) {
            for (const word of query.toLowerCase().match(/[a-z_][a-z0-9_]*/g) ?? []) {
              if (tables.has(word)) named.add(word);
            }
          },
        },
      });
      const value = await compute(recording);
      const own = new Set(scope?.ownRowsOf);
      const dependsOn = [...named].map((table) => (own.has(table) ? `${table}:${scope?.userId}` : table));
      entries.set(key, { value, tables: dependsOn, readAt });
      return value;
    },
    async readWith<T>(
      key: string,
      compute: () => Promise<T>,
      dependsOn: (value: T) => readonly string[] | null,
    ): Promise<T> {
      const kept = keptAnswer(key);
      if (kept) return kept.value as T;
      const readAt = counter;
      const value = await compute();
      const depends = dependsOn(value);
      if (depends) {
        for (const dependency of depends) {
          const [table, user] = dependency.split(':');
          if (!tables.has(table!) || (user !== undefined && !perUser.has(table!))) {
            throw new Error(`读缓存：不能依赖 ${dependency}`);
          }
        }
        entries.set(key, { value, tables: depends, readAt });
      }
      return value;
    },
    stats: () => ({ entries: entries.size, hits, misses }),
    async close() {
      await unlisten();
      entries.clear();
    },
  };
}
