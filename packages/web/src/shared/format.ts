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
