import dayjs from 'dayjs';

/** 2026-03-02 14:05 for instants (epoch ms); '-' when there is none. */
export function formatInstant(value: number | null | undefined): string {
  return value ? dayjs(value).format('YYYY-MM-DD HH:mm') : '-';
}
