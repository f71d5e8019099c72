// Plain Date rather than dayjs: lists and the course home format dates without loading dayjs
// and its locale (~4 KB gzip), which only the date pickers need (lib/dayjs-locale.ts).
const pad = (n: number) => String(n).padStart(2, '0');

/** 2026-03-02 14:05 for an instant (epoch ms) in local time; `empty` when there is none. */
export function formatInstant(value: number | null | undefined, empty = '-'): string {
  if (!value) return empty;
  const d = new Date(value);
  return `${String(d.getFullYear()).padStart(4, '0')}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** 1.5 MB style sizes for lists. */
export function formatFileSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '-';
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value >= 100 ? value.toFixed(0) : value.toFixed(1)} ${units[unit]}`;
}

const EMPTY = '—';

/** 0.667 → 66.7%, 0.75 → 75%; no figure yet (null) → —. */
export function formatRate(rate: number | null | undefined): string {
  if (rate === null || rate === undefined) return EMPTY;
  return `${percentOf(rate)}%`;
}

/** A rate as a percentage with at most one decimal, for charts. */
export function percentOf(rate: number): number {
  return Math.round(rate * 1000) / 10;
}

/** A score as the server gives it (one decimal at most); none → —. */
export function formatScore(score: number | null | undefined): string {
  if (score === null || score === undefined) return EMPTY;
  return String(score);
}
