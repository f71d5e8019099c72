import { DAY_MS, HOUR_MS } from './clock';
import { InvalidInputError } from './errors';

/** Calendar dates and lesson times are those of the school, in China (UTC+8, no daylight saving). */
const CHINA_OFFSET_MS = 8 * HOUR_MS;

/** YYYY-MM-DD of an instant, in China. */
export function chinaDate(instant: number): string {
  return new Date(instant + CHINA_OFFSET_MS).toISOString().slice(0, 10);
}

/** HH:mm of an instant, in China. */
export function chinaTime(instant: number): string {
  return new Date(instant + CHINA_OFFSET_MS).toISOString().slice(11, 16);
}

/** YYYY-MM-DD HH:mm of an instant, in China (exported sheets). */
export function chinaDateTime(instant: number): string {
  return `${chinaDate(instant)} ${chinaTime(instant)}`;
}

/** Whether a YYYY-MM-DD string names a real calendar day (2026-02-30 does not). */
export function isRealDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const parsed = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === value;
}

/** Days from a to b (both YYYY-MM-DD). */
export function daysBetween(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / DAY_MS);
}

/** A date field of a request: errCode 2 naming the field unless it is a real YYYY-MM-DD day. */
export function requireDate(value: string, field: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) throw new InvalidInputError(`参数 ${field} 格式应为 YYYY-MM-DD`);
  if (!isRealDate(value)) throw new InvalidInputError(`参数 ${field} 不是有效的日期`);
  return value;
}

/** A date range of a request: both real days, start ≤ end, and at most `maxDays` apart when given. */
export function requireDateRange(
  start: string,
  end: string,
  fields: { start: string; end: string },
  maxDays?: number,
): void {
  requireDate(start, fields.start);
  requireDate(end, fields.end);
  if (end < start) throw new InvalidInputError(`参数 ${fields.end} 不能早于 ${fields.start}`);
  if (maxDays !== undefined && daysBetween(start, end) > maxDays) {
    throw new InvalidInputError(`日期区间不能超过 ${maxDays} 天`);
  }
}

/** The instant a China calendar day (YYYY-MM-DD) begins. */
export function chinaDayStart(date: string): number {
  return Date.parse(`${date}T00:00:00Z`) - CHINA_OFFSET_MS;
}
