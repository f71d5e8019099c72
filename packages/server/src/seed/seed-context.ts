import type { Db } from '../db/client';
import { DAY_MS, HOUR_MS, MINUTE_MS } from '../lib/clock';
import { defaultConfig } from '../lib/config';
import type { Storage } from '../lib/storage';
import type { AuthedContext } from '../services/context';

/** China is UTC+8 all year. */
const CHINA_OFFSET_MS = 8 * HOUR_MS;

/** A day relative to today (China, YYYY-MM-DD), at a China clock time (HH:mm): epoch ms. */
export function at(today: string, days: number, time: string): number {
  const [hours, minutes] = time.split(':').map(Number);
  return (
    Date.parse(`${today}T00:00:00Z`) -
    CHINA_OFFSET_MS +
    days * DAY_MS +
    ((hours ?? 0) * 60 + (minutes ?? 0)) * MINUTE_MS
  );
}

/** The calendar date `days` from `today` (both YYYY-MM-DD). */
export function dateOf(today: string, days: number): string {
  return new Date(Date.parse(`${today}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/**
 * The demo seeds write through the service verbs the API runs, as the user who
 * would have done it, at the instant they would have done it (never after `now`).
 */
export function seedActor(db: Db, storage: Storage, now: number) {
  const config = defaultConfig({ webDist: null });
  return (userId: number, instant: number): AuthedContext => ({
    db,
    clock: { now: () => Math.min(instant, now) },
    sms: {
      send: async () => {
        throw new Error('seed sends no SMS');
      },
    },
    storage,
    readCache: null,
    config,
    ip: '127.0.0.1',
    product: 'dfrm',
    auth: { userId, sessionId: 0, isAdmin: false, isGroupAdmin: false, mustChangePassword: false },
  });
}
