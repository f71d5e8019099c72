import { Group, Loader, Text } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconCircleDashed, IconWifiOff } from '@tabler/icons-react';
import type { QueueSnapshot } from '@/features/exam/api/answer-queue';
import { errorMessage } from '@/shared/error-notifications';

const pad = (n: number) => String(n).padStart(2, '0');

function timeOf(instant: number): string {
  const date = new Date(instant);
  return `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
}

export type AnswerSaveState =
  | { kind: 'empty' }
  | { kind: 'saved'; savedAt: number | null }
  | { kind: 'saving' }
  | { kind: 'offline' }
  | { kind: 'refused'; error: unknown };

/**
 * One question's answer as the queue holds it: 已保存 only once the server acknowledged its
 * latest change; unacknowledged, 保存中… while the network works, 未保存（离线） while it does not.
 */
export function answerSaveState(
  snapshot: QueueSnapshot,
  questionId: string,
  online: boolean,
): AnswerSaveState {
  const item = snapshot.answers.get(questionId);
  if (!item) return { kind: 'empty' };
  if (item.ackedSeq >= item.seq) return { kind: 'saved', savedAt: item.savedAt };
  if (snapshot.connection.kind === 'closed') return { kind: 'refused', error: snapshot.connection.error };
  if (!online || snapshot.connection.kind === 'offline') return { kind: 'offline' };
  return { kind: 'saving' };
}

/** The current question's save state, in a live region. */
export function AnswerSaveStateLine({ state }: { state: AnswerSaveState }) {
  let content;
  switch (state.kind) {
    case 'empty':
      content = (
        <Group gap={6} wrap="nowrap">
          <IconCircleDashed size={16} aria-hidden color="var(--mantine-color-dimmed)" />
          <Text size="sm" c="dimmed">
            未作答
          </Text>
        </Group>
      );
      break;
    case 'saved':
      content = (
        <Group gap={6} wrap="nowrap">
          <IconCircleCheck size={16} aria-hidden color="var(--mantine-color-teal-7)" />
          <Text size="sm" c="teal.9">
            {state.savedAt === null ? '已保存' : `已保存 ${timeOf(state.savedAt)}`}
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
    case 'offline':
      content = (
        <Group gap={6} wrap="nowrap">
          <IconWifiOff size={16} aria-hidden color="var(--mantine-color-orange-8)" />
          <Text size="sm" c="orange.9" fw={600}>
            未保存（离线）
          </Text>
        </Group>
      );
      break;
    case 'refused':
      content = (
        <Group gap={6} wrap="nowrap">
          <IconAlertTriangle size={16} aria-hidden color="var(--mantine-color-red-8)" />
          <Text size="sm" c="red.8" fw={600}>
            未保存：{errorMessage(state.error)}
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
