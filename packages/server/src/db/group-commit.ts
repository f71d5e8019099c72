import type { Db } from './client';
import { transactionWithRetry } from './retry';

/**
 * Group commit: requests of one kind that arrive while a transaction of theirs is running wait
 * for it and then go together into the next one, so a burst costs a few transactions, not one
 * per request.
 *
 * Why: on the embedded database a transaction's fixed cost (BEGIN, COMMIT and the write to disk
 * it waits for) is most of what a small write costs, and everything runs on the one thread that
 * also serves HTTP: a thousand students saving an answer every two seconds were a thousand
 * commits a second, more than the thread has. A transaction starts after one turn of the event
 * loop (what arrived in the meantime joins it); only in a burst does it wait a few milliseconds
 * more for company (see drain). Every request is still answered only after the commit that holds
 * its change, so an acknowledged write is as durable as before.
 */
export type Outcome<T> = { ok: true; value: T } | { ok: false; error: unknown };

export interface GroupCommitOptions<I, O> {
  /** Most requests in one transaction. */
  maxBatch: number;
  /**
   * Requests with the same key never share a transaction (one statement cannot change a row
   * twice); a second one waits for the next transaction, after the first.
   */
  keyOf: (item: I) => string;
  /**
   * The requests' work in one transaction, an outcome for each in order. A request refused by the
   * rules answers `{ ok: false }` without throwing: the others' work still commits. A throw rolls
   * the whole transaction back, and each request then runs alone, so only the culprit fails.
   */
  run: (tx: Db, items: readonly I[]) => Promise<Outcome<O>[]>;
  /** false: the batch runs on the database itself, not in a transaction (groupRead). */
  transaction?: boolean;
}

interface Waiting<I, O> {
  item: I;
  resolve: (value: O) => void;
  reject: (error: unknown) => void;
}

/** A batch started within this long of the previous one's end means a burst… */
const BURST_GAP_MS = 50;
/** …and then waits this long for company. */
const BURST_GATHER_MS = 5;

interface Queue<I, O> {
  waiting: Waiting<I, O>[];
  running: boolean;
  /** When the last batch was taken or the queue went quiet (performance.now()). */
  lastBatchAt: number;
}

/**
 * How many batches of one kind may run at once on a database (1 unless set): PostgreSQL serves
 * several connections in parallel and each commit waits for its own flush to disk, while the
 * embedded database runs one statement at a time. Requests of one key never run at once either way.
 */
const concurrentBatches = new WeakMap<Db, number>();

export function allowConcurrentBatches(db: Db, batches: number): void {
  concurrentBatches.set(db, Math.max(1, Math.floor(batches)));
}

export const done = <T>(value: T): Outcome<T> => ({ ok: true, value });
export const refused = (error: unknown): Outcome<never> => ({ ok: false, error });

/** A group committer: `(db, item)` answers the item's value once the transaction holding it committed. */
export function groupCommit<I, O>(options: GroupCommitOptions<I, O>): (db: Db, item: I) => Promise<O> {
  // one queue per database handle: a process has one (tests open several apps on one database)
  const queues = new WeakMap<Db, Queue<I, O>>();
  const runBatch = (db: Db, items: readonly I[]) =>
    options.transaction === false
      ? options.run(db, items)
      : transactionWithRetry(db, (tx) => options.run(tx, items));

  async function runAlone(db: Db, one: Waiting<I, O>): Promise<void> {
    try {
      settle(one, (await runBatch(db, [one.item]))[0]!);
    } catch (error) {
      one.reject(error);
    }
  }

  function settle(one: Waiting<I, O>, outcome: Outcome<O>): void {
    if (outcome.ok) one.resolve(outcome.value);
    else one.reject(outcome.error);
  }

  /** The next batch, in order: at most maxBatch, one request per key, none of a key in flight. */
  function nextBatch(waiting: Waiting<I, O>[], busy: ReadonlySet<string>): Waiting<I, O>[] {
    const keys = new Set<string>();
    const batch: Waiting<I, O>[] = [];
    const later: Waiting<I, O>[] = [];
    for (const one of waiting) {
      const key = options.keyOf(one.item);
      if (batch.length < options.maxBatch && !keys.has(key) && !busy.has(key)) {
        keys.add(key);
        batch.push(one);
      } else later.push(one);
    }
    waiting.splice(0, waiting.length, ...later);
    return batch;
  }

  async function runTogether(db: Db, batch: Waiting<I, O>[]): Promise<void> {
    if (batch.length === 1) return runAlone(db, batch[0]!);
    let outcomes: Outcome<O>[];
    try {
      outcomes = await runBatch(
        db,
        batch.map((one) => one.item),
      );
    } catch {
      for (const one of batch) await runAlone(db, one);
      return;
    }
    batch.forEach((one, index) => settle(one, outcomes[index]!));
  }

  async function drain(db: Db, queue: Queue<I, O>): Promise<void> {
    queue.running = true;
    const limit = concurrentBatches.get(db) ?? 1;
    const inFlight = new Set<Promise<void>>();
    const busy = new Set<string>();
    try {
      while (queue.waiting.length > 0 || inFlight.size > 0) {
        if (queue.waiting.length === 0 || inFlight.size >= limit) {
          await Promise.race(inFlight);
          continue;
        }
        // let the requests that arrived meanwhile reach the queue: on the embedded database a
        // transaction runs without giving the event loop a turn (its statements and the write to
        // disk are synchronous), so without this pause no request would ever find company
        await new Promise<void>((resolve) => setImmediate(resolve));
        // in a burst, wait a little longer: Node accepts one new connection per turn of the event
        // loop, so a class arriving together reaches the queue a few at a time, and a batch that
        // waits gathers tens of them (a quiet queue runs at once)
        if (performance.now() - queue.lastBatchAt < BURST_GAP_MS && queue.waiting.length < options.maxBatch) {
          await new Promise<void>((resolve) => setTimeout(resolve, BURST_GATHER_MS));
        }
        const batch = nextBatch(queue.waiting, busy);
        if (batch.length === 0) {
          // every waiting request's key is in a batch under way: it goes after that one
          await Promise.race(inFlight);
          continue;
        }
        queue.lastBatchAt = performance.now();
        const keys = batch.map((one) => options.keyOf(one.item));
        for (const key of keys) busy.add(key);
        const running: Promise<void> = runTogether(db, batch).finally(() => {
          inFlight.delete(running);
          for (const key of keys) busy.delete(key);
        });
        inFlight.add(running);
      }
    } finally {
      queue.running = false;
      queue.lastBatchAt = performance.now();
    }
  }

  return (db, item) =>
    new Promise<O>((resolve, reject) => {
      let queue = queues.get(db);
      if (!queue) {
        queue = { waiting: [], running: false, lastBatchAt: -Infinity };
        queues.set(db, queue);
      }
      queue.waiting.push({ item, resolve, reject });
      if (!queue.running) void drain(db, queue);
    });
}

/**
 * Group read: lookups of one kind that arrive while a read of theirs is running go together into
 * the next one, one statement answering a whole burst (every request of a thousand students
 * entering an exam looks up its session, the exam and its paper). Lookups of one key share one
 * answer (`run` sees each key once; the answer is shared, not copied: do not change it), so a
 * batch takes every lookup waiting and `maxBatch` bounds the distinct keys of one statement (more
 * run as further statements, one after another). No transaction: each statement is consistent.
 */
export function groupRead<I, O>(
  options: Omit<GroupCommitOptions<I, O>, 'transaction'>,
): (db: Db, item: I) => Promise<O> {
  let next = 0;
  return groupCommit<I, O>({
    maxBatch: Infinity,
    // lookups never conflict: any number of one key go together
    keyOf: () => String(next++),
    transaction: false,
    async run(db, items) {
      const keys = items.map(options.keyOf);
      const unique = new Map<string, I>();
      items.forEach((item, index) => {
        if (!unique.has(keys[index]!)) unique.set(keys[index]!, item);
      });
      const distinct = [...unique];
      const byKey = new Map<string, Outcome<O>>();
      for (let start = 0; start < distinct.length; start += options.maxBatch) {
        const chunk = distinct.slice(start, start + options.maxBatch);
        const outcomes = await options.run(
          db,
          chunk.map(([, item]) => item),
        );
        chunk.forEach(([key], index) => byKey.set(key, outcomes[index]!));
      }
      return keys.map((key) => byKey.get(key)!);
    },
  });
}
