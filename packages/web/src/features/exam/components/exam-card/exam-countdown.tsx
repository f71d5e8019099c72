import '@mantine/core/styles/Badge.layer.css';
import { Badge } from '@mantine/core';
import { IconClock } from '@tabler/icons-react';
import { useServerNow } from '@/lib/server-clock';

const pad = (n: number) => String(n).padStart(2, '0');

/** 01:05:09 (or 05:09 under an hour) for a time left in ms; 00:00 when it is up. */
export function clockText(msLeft: number): string {
  const total = Math.max(0, Math.ceil(msLeft / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  return hours > 0 ? `${pad(hours)}:${pad(minutes)}:${pad(seconds)}` : `${pad(minutes)}:${pad(seconds)}`;
}

/** The same in words for a screen reader: 剩余 1 小时 5 分 9 秒. */
function spokenText(msLeft: number): string {
  const total = Math.max(0, Math.ceil(msLeft / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  if (total === 0) return '作答时间已到';
  return `剩余作答时间 ${hours > 0 ? `${hours} 小时 ` : ''}${minutes} 分 ${seconds} 秒`;
}

/**
 * The time left to the attempt's deadline, counted each second by the server's clock (the server
 * refuses saves and submits the paper by its own clock, whatever this computer's says). Orange in
 * the last ten minutes, red in the last one.
 */
export function ExamCountdown({ deadline }: { deadline: number }) {
  const now = useServerNow(1000);
  const left = deadline - now;
  const color = left <= 60_000 ? 'red' : left <= 10 * 60_000 ? 'orange' : 'brand';
  return (
    <Badge
      size="lg"
      variant="light"
      color={color}
      radius="sm"
      tt="none"
      fw={700}
      leftSection={<IconClock size={16} aria-hidden />}
      role="timer"
      aria-label={spokenText(left)}
      style={{ fontVariantNumeric: 'tabular-nums' }}
    >
      {clockText(left)}
    </Badge>
  );
}
