import '@mantine/core/styles/Loader.layer.css';
import { Button, Group, Loader, Text } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconPencil } from '@tabler/icons-react';
import type { SaveStatus } from '@/features/homework/api/answer-saver';
import { serverNow } from '@/lib/server-clock';
import { errorMessage } from '@/shared/error-notifications';

const pad = (n: number) => String(n).padStart(2, '0');

/** 12:03 for a time today (the server's today), 3月2日 12:03 for another day. */
export function formatSavedAt(savedAt: number, now: number = serverNow()): string {
  const saved = new Date(savedAt);
  const today = new Date(now);
  const time = `${pad(saved.getHours())}:${pad(saved.getMinutes())}`;
  return saved.toDateString() === today.toDateString()
    ? time
    : `${saved.getMonth() + 1}月${saved.getDate()}日 ${time}`;
}

/**
 * Where the answer stands, in a live region: 已保存 12:03 / 保存中… / 未保存：网络错误，正在重试.
 * The time is the server's acknowledgement: only then is the answer safe.
 */
export function SaveStatusLine({ status, onRetry }: { status: SaveStatus; onRetry: () => void }) {
  let content;
  switch (status.kind) {
    case 'saved':
      content = (
        <Group gap={6} wrap="nowrap">
          <IconCircleCheck size={16} aria-hidden color="var(--mantine-color-teal-7)" />
          <Text size="sm" c="teal.9">
            {status.savedAt === null ? '尚未保存过答案' : `已保存 ${formatSavedAt(status.savedAt)}`}
          </Text>
        </Group>
      );
      break;
    case 'pending':
      content = (
        <Group gap={6} wrap="nowrap">
          <IconPencil size={16} aria-hidden color="var(--mantine-color-dimmed)" />
          <Text size="sm" c="dimmed">
            有修改，稍后自动保存
          </Text>
        </Group>
      );
      break;
    case 'saving':
      content = (
        <Group gap={6} wrap="nowrap">
          <Loader size={14} aria-hidden />
          <Text size="sm" c="dimmed">
            保存中…
          </Text>
        </Group>
      );
      break;
    case 'retrying':
      content = (
        <Group gap={6}>
          <IconAlertTriangle size={16} aria-hidden color="var(--mantine-color-orange-8)" />
          <Text size="sm" c="orange.9" fw={600}>
            未保存：{status.reason}，正在重试
          </Text>
          <Button size="compact-xs" variant="subtle" color="orange.9" onClick={onRetry}>
            立即重试
          </Button>
        </Group>
      );
      break;
    case 'failed':
    case 'conflict':
      content = (
        <Group gap={6}>
          <IconAlertTriangle size={16} aria-hidden color="var(--mantine-color-red-8)" />
          <Text size="sm" c="red.8" fw={600}>
            未保存：{errorMessage(status.error)}
          </Text>
        </Group>
      );
      break;
  }
  return (
    <div role="status" aria-live="polite" aria-label="保存状态">
      {content}
    </div>
  );
}
