import '@mantine/core/styles/Badge.layer.css';
import { Badge, Group, Stack, Text } from '@mantine/core';
import { IconClock } from '@tabler/icons-react';
import { useServerNow } from '@/lib/server-clock';
import { formatInstant } from '@/shared/format';
import {
  type LatePolicy,
  latePolicyShort,
  latePolicyText,
  timeLeftText,
} from '@/features/homework/student-work-time';

/**
 * The time left, counted each second from the server's clock: what the server will judge a
 * hand-in by, whatever the computer's own clock says.
 */
export function Countdown({ endTime, allowLate }: { endTime: number; allowLate: boolean }) {
  const now = useServerNow(1000);
  const left = endTime - now;
  if (left > 0) {
    return (
      <Badge
        variant="light"
        color={left < 24 * 3600_000 ? 'orange' : 'brand'}
        radius="sm"
        tt="none"
        fw={600}
        role="timer"
        aria-label={`截止${timeLeftText(left, true)}`}
      >
        {timeLeftText(left, true)}
      </Badge>
    );
  }
  return (
    <Badge variant="light" color={allowLate ? 'orange' : 'red'} radius="sm" tt="none" fw={600}>
      {allowLate ? '已截止，可迟交' : '已截止'}
    </Badge>
  );
}

/** The list's deadline cell: the date, then the time left (or 已截止 with the late rule). */
export function DeadlineCell({
  endTime,
  policy,
  now,
  open,
}: {
  endTime: number;
  policy: LatePolicy;
  /** The server's time (the list ticks once a minute). */
  now: number;
  /** Not handed in yet: only then do time left and the late rule matter. */
  open: boolean;
}) {
  const left = endTime - now;
  return (
    <div>
      <Text size="sm">{formatInstant(endTime)}</Text>
      {open ? (
        left > 0 ? (
          <Text
            size="xs"
            c={left < 24 * 3600_000 ? 'orange.9' : 'dimmed'}
            fw={left < 24 * 3600_000 ? 600 : 400}
          >
            {timeLeftText(left)}
          </Text>
        ) : (
          <Text size="xs" c={policy.allowLate ? 'orange.9' : 'red.8'} fw={600}>
            已截止 · {latePolicyShort(policy)}
          </Text>
        )
      ) : null}
    </div>
  );
}

/** The work page's dates: start (while ahead), deadline with its countdown, and the late rule in words. */
export function WorkDeadline({
  startTime,
  endTime,
  policy,
  started,
}: {
  startTime: number;
  endTime: number;
  policy: LatePolicy;
  started: boolean;
}) {
  return (
    <Stack gap={6}>
      {started ? null : (
        <Text size="sm">
          <Text span c="dimmed">
            开始时间：
          </Text>
          {formatInstant(startTime)}（开始后才能作答）
        </Text>
      )}
      <Group gap="xs" wrap="wrap">
        <IconClock size={16} aria-hidden color="var(--mantine-color-dimmed)" />
        <Text size="sm">
          <Text span c="dimmed">
            截止时间：
          </Text>
          {formatInstant(endTime)}
        </Text>
        <Countdown endTime={endTime} allowLate={policy.allowLate} />
      </Group>
      <Text size="sm">
        <Text span c="dimmed">
          迟交规则：
        </Text>
        {latePolicyText(policy)}
      </Text>
    </Stack>
  );
}
