import { ActionIcon, Group } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconTrash } from '@tabler/icons-react';
import { Hint } from '@/components/hint/hint';

/**
 * A question editor's 上移, 下移 and 删除本题 (exam and quiz papers): `name` is the question as its
 * heading says it (第 3 题), which the buttons' names repeat for screen readers.
 */
export function QuestionOrderActions({
  name,
  first,
  last,
  disabled,
  onMove,
  onRemove,
}: {
  name: string;
  first: boolean;
  last: boolean;
  disabled: boolean;
  onMove: (step: -1 | 1) => void;
  onRemove: () => void;
}) {
  return (
    <Group gap={4} wrap="nowrap">
      <Hint label="上移">
        <ActionIcon
          variant="subtle"
          aria-label={`上移${name}`}
          disabled={disabled || first}
          onClick={() => onMove(-1)}
        >
          <IconArrowUp size={16} aria-hidden />
        </ActionIcon>
      </Hint>
      <Hint label="下移">
        <ActionIcon
          variant="subtle"
          aria-label={`下移${name}`}
          disabled={disabled || last}
          onClick={() => onMove(1)}
        >
          <IconArrowDown size={16} aria-hidden />
        </ActionIcon>
      </Hint>
      <Hint label="删除本题">
        <ActionIcon
          variant="subtle"
          color="red"
          aria-label={`删除${name}`}
          disabled={disabled}
          onClick={onRemove}
        >
          <IconTrash size={16} aria-hidden />
        </ActionIcon>
      </Hint>
    </Group>
  );
}
