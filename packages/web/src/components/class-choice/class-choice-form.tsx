import '@mantine/core/styles/Checkbox.layer.css';
import '@mantine/core/styles/InlineInput.layer.css';
import { Button, Checkbox, Group, Skeleton, Stack, Text } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { LoadError } from '@/components/feedback/load-error';

export interface ClassChoiceOption {
  /** The teaching class id. */
  value: string;
  label: string;
  /** Options with a group are listed under its heading (e.g. the course name). */
  group?: string;
}

/** The query a ClassChoiceForm reads its classes from (a React Query result). */
interface ChoiceQuery<T> {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  data: T | undefined;
  refetch: () => unknown;
}

/**
 * Ticking teaching classes for something (who sees a notice, who gets a
 * courseware): loading and failure states, the checkboxes with what is ticked
 * now, 取消 and 保存 with the ticked class ids.
 */
export function ClassChoiceForm<T>({
  query,
  read,
  intro,
  label,
  empty,
  saving,
  onSave,
  onCancel,
}: {
  query: ChoiceQuery<T>;
  /** The options, and which are ticked on the server. */
  read: (data: T) => { options: readonly ClassChoiceOption[]; chosen: readonly string[] };
  intro: ReactNode;
  label: string;
  /** Said when there is no class to choose. */
  empty: string;
  saving: boolean;
  onSave: (teachingClassIds: string[]) => void;
  onCancel: () => void;
}) {
  const [chosen, setChosen] = useState<string[] | null>(null);
  if (query.isPending) {
    return (
      <Stack gap="xs" aria-busy="true" aria-label="正在加载">
        <Skeleton height={20} />
        <Skeleton height={20} />
      </Stack>
    );
  }
  if (query.isError || query.data === undefined) {
    return <LoadError title="教学班读取失败" error={query.error} onRetry={() => void query.refetch()} />;
  }
  const { options, chosen: saved } = read(query.data);
  const value = chosen ?? [...saved];

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {intro}
      </Text>
      {options.length === 0 ? (
        <Text size="sm">{empty}</Text>
      ) : (
        <Checkbox.Group label={label} value={value} onChange={setChosen}>
          <Stack gap="sm" mt="xs">
            {groups(options).map(([group, items]) => (
              <div key={group ?? ''}>
                {group ? (
                  <Text size="xs" c="dimmed" fw={600} mb={6}>
                    {group}
                  </Text>
                ) : null}
                <Stack gap={6}>
                  {items.map((option) => (
                    <Checkbox key={option.value} value={option.value} label={option.label} />
                  ))}
                </Stack>
              </div>
            ))}
          </Stack>
        </Checkbox.Group>
      )}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onCancel}>
          取消
        </Button>
        <Button loading={saving} onClick={() => onSave(value)}>
          保存
        </Button>
      </Group>
    </Stack>
  );
}

/** Options by group, in the order the groups first appear. */
function groups(options: readonly ClassChoiceOption[]): [string | undefined, ClassChoiceOption[]][] {
  const byGroup = new Map<string | undefined, ClassChoiceOption[]>();
  for (const option of options) {
    const list = byGroup.get(option.group) ?? [];
    list.push(option);
    byGroup.set(option.group, list);
  }
  return [...byGroup];
}
