import { Group, Text } from '@mantine/core';
import { IconClockHour4 } from '@tabler/icons-react';
import { useServerNow } from '@/lib/server-clock';
import { countdownSpoken, countdownText } from '@/features/quiz/student-time';

// The last minutes are shown in red; a screen reader hears the time when asked, not every second.
const WARN_MS = 5 * 60_000;

/** 剩余 12:05 to the paper's deadline, counted by the server's clock. */
export function Countdown({ deadline }: { deadline: number }) {
  const now = useServerNow(1_000);
  const left = deadline - now;
  return (
    <Group gap={6} wrap="nowrap" role="timer" aria-label={`剩余时间 ${countdownSpoken(left)}`}>
      <IconClockHour4
        size={18}
        aria-hidden
        color={left < WARN_MS ? 'var(--mantine-color-red-8)' : undefined}
      />
      <Text fw={700} size="lg" c={left < WARN_MS ? 'red.8' : undefined} ff="monospace" aria-hidden>
        {left > 0 ? countdownText(left) : '时间到'}
      </Text>
    </Group>
  );
}
