import type { Db } from '../db/client';
import type { Clock } from '../lib/clock';
import type { Storage } from '../lib/storage';
import { submitOverdueAttempts } from '../services/exam/attempt';
import { sweepExpiredUploads } from './sweep-uploads';

const EVERY_MS = 10 * 60_000;
/** Exam attempts whose time and grace are up are submitted within about this long. */
const EXAM_EVERY_MS = 15_000;

/**
 * Housekeeping each server process runs on a timer: what it clears is found from the database
 * each time (never held in memory), and claimed with SKIP LOCKED, so any number of processes may
 * run it and a missed round only delays it. Answers a function that stops the timer.
 */
export function startSweeps({
  db,
  storage,
  clock,
}: {
  db: Db;
  storage: Storage | null;
  clock: Clock;
}): () => void {
  const round = async () => {
    try {
      const removed = await sweepExpiredUploads(db, storage, clock.now());
      if (removed > 0) console.log(`[清理] 删除了 ${removed} 个超过 24 小时未使用的作业上传文件`);
    } catch (error) {
      console.error('[清理] 失败', error);
    }
  };
  // exams: an attempt left open by a closed browser is submitted by the server at its deadline
  const examRound = async () => {
    try {
      let submitted = 0;
      for (let batch = await submitOverdueAttempts(db, clock.now()); batch > 0;) {
        submitted += batch;
        batch = await submitOverdueAttempts(db, clock.now());
      }
      if (submitted > 0) console.log(`[考试] 到时自动交卷 ${submitted} 份`);
    } catch (error) {
      console.error('[考试] 自动交卷失败', error);
    }
  };
  const first = setTimeout(() => void round(), 30_000);
  const timer = setInterval(() => void round(), EVERY_MS);
  const examTimer = setInterval(() => void examRound(), EXAM_EVERY_MS);
  first.unref();
  timer.unref();
  examTimer.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
    clearInterval(examTimer);
  };
}
