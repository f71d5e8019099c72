import dayjs from 'dayjs';
import '@/lib/dayjs-locale';

/** 2026-03-02 14:05 for an instant (epoch ms); `empty` when there is none. */
export function formatInstant(value: number | null | undefined, empty = '-'): string {
  return value ? dayjs(value).format('YYYY-MM-DD HH:mm') : empty;
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
