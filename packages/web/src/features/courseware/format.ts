import dayjs from 'dayjs';

export function formatInstant(value: number | null | undefined): string {
  return value ? dayjs(value).format('YYYY-MM-DD HH:mm') : '-';
}
