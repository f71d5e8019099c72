import { Button, Group, Loader, Text } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconPencil } from '@tabler/icons-react';
import { errorMessage } from '@/shared/error-notifications';
import type { QuestionSaveStatus } from '@/features/quiz/api/student-answer-saver';

/**
 * This question's answer, in a live region: 已保存 only once the server acknowledged it (or it was
 * read from the server), 保存中…, or 未保存 with the reason and 重试.
 */
export function AnswerSaveStatus({
  status,
  answered,
  onRetry,
}: {
  status: QuestionSaveStatus;
  answered: boolean;
  onRetry: () => void;
}) {
  let content;
  switch (status.kind) {
    case 'saved':
      content = answered ? (
        <Group gap={6} wrap="nowrap">
          <IconCircleCheck size={16} aria-hidden color="var(--mantine-color-teal-7)" />
          <Text size="sm" c="teal.9">
            已保存
          </Text>
        </Group>
      ) : (
        <Text size="sm" c="dimmed">
          未作答
        </Text>
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
      content = (
        <Group gap={6}>
          <IconAlertTriangle size={16} aria-hidden color="var(--mantine-color-red-8)" />
          <Text size="sm" c="red.8" fw={600}>
            未保存：{errorMessage(status.error)}
          </Text>
          <Button size="compact-xs" variant="subtle" color="red.8" onClick={onRetry}>
            重试
          </Button>
        </Group>
      );
      break;
  }
  return (
    <div role="status" aria-live="polite" aria-label="本题保存状态">
      {content}
    </div>
  );
}
