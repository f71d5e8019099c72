import { asc, inArray, lt } from 'drizzle-orm';
import type { Db } from '../db/client';
import { workUploads } from '../db/schema/homework';
import { DAY_MS } from '../lib/clock';
import type { Storage } from '../lib/storage';

/** How long an uploaded homework file waits to be named in a save before it is cleaned up. */
export const UPLOAD_CANDIDATE_MS = DAY_MS;
const BATCH = 200;

/**
 * Removes homework uploads (teachers' attachments and students' answer files) that no save named
 * within UPLOAD_CANDIDATE_MS of their upload (specs/tms/my-work.yaml uploadMyWorkFile), rows first
 * and then their bytes. Rows are claimed with FOR UPDATE SKIP LOCKED, so several server processes
 * sweep side by side without taking the same file twice, and a save claiming the same row in its
 * transaction (services/homework/files.ts claimUploads) either wins or is refused. Answers how many
 * files went.
 */
export async function sweepExpiredUploads(db: Db, storage: Storage | null, now: number): Promise<number> {
  let removed = 0;
  for (;;) {
    const expired = db
      .select({ storageKey: workUploads.storageKey })
      .from(workUploads)
      .where(lt(workUploads.createdAt, now - UPLOAD_CANDIDATE_MS))
      .orderBy(asc(workUploads.createdAt))
      .limit(BATCH)
      .for('update', { skipLocked: true });
    const rows = await db
      .delete(workUploads)
      .where(inArray(workUploads.storageKey, expired))
      .returning({ storageKey: workUploads.storageKey });
    if (storage) await Promise.all(rows.map((row) => storage.delete(row.storageKey)));
    removed += rows.length;
    if (rows.length < BATCH) return removed;
  }
}
