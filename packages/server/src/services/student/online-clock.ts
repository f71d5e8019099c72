import { MINUTE_MS } from '../../lib/clock';

/** A student is online while their last heartbeat is at most this old. */
export const ONLINE_WINDOW_MS = 5 * MINUTE_MS;

/** The heartbeat interval the server suggests to the student client. */
export const REFRESH_INTERVAL_MS = MINUTE_MS;

const BEIJING_OFFSET_MS = 8 * 60 * MINUTE_MS;

/** The calendar day (YYYY-MM-DD) of an instant in Beijing time, where the schools are. */
export function beijingDay(instant: number): string {
  return new Date(instant + BEIJING_OFFSET_MS).toISOString().slice(0, 10);
}
