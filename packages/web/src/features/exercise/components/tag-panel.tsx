import '@mantine/core/styles/Badge.layer.css';
import type { ExerciseTag } from '@dfrm/sdk/resource';
import { ActionIcon, Badge, Button, Group, Modal, NavLink, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconEdit, IconFolderPlus, IconPlus } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Hint } from '@/components/hint/hint';
import { useAppForm } from '@/lib/form';
import { SelectField } from '@/lib/form-fields';
import { saveTagMutation } from '@/features/exercise/api/exercise-mutations';
import { tagNameSchema } from '@/features/exercise/forms/exercise-schemas';

/** What the tag dialog is for: a new tag (under a parent or at the top), or renaming one. */
type TagEdit = { mode: 'new'; parentId: string } | { mode: 'rename'; tag: ExerciseTag };

/**
 * The teacher's 题库 (exercise tags, two levels) down the left: choosing one lists its
 * exercises (a parent's include its children's); new and renamed through exerciseTagUpdate.
 */
export function TagPanel({
  tags,
  selectedId,
  onSelect,
}: {
  tags: readonly ExerciseTag[];
  selectedId: string | undefined;
  onSelect: (tagId: string) => void;
}) {
  const [edit, setEdit] = useState<TagEdit | null>(null);
  const tops = tags.filter((tag) => tag.parentId === '0');
  const childrenOf = (parentId: string) => tags.filter((tag) => tag.parentId === parentId);

  const item = (tag: ExerciseTag, top: boolean) => (
    <Group key={tag.tagId} gap={0} wrap="nowrap" align="center">
      <NavLink
        component="button"
        type="button"
        style={{ flex: 1, minWidth: 0 }}
        active={tag.tagId === selectedId}
        aria-current={tag.tagId === selectedId ? 'true' : undefined}
        label={tag.tagName}
        aria-label={`${tag.tagName}（${tag.itemCount} 道题）`}
        pl={top ? undefined : 28}
        rightSection={
          <Badge size="sm" variant="light" color="gray" aria-hidden>
            {tag.itemCount}
          </Badge>
        }
        onClick={() => onSelect(tag.tagId)}
      />
      {top ? (
        <Hint label="添加子题库">
          <ActionIcon
            variant="subtle"
            color="gray"
            aria-label={`在 ${tag.tagName} 下添加子题库`}
            onClick={() => setEdit({ mode: 'new', parentId: tag.tagId })}
          >
            <IconFolderPlus size={16} aria-hidden />
          </ActionIcon>
        </Hint>
      ) : null}
      <Hint label="重命名">
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={`重命名 ${tag.tagName}`}
          onClick={() => setEdit({ mode: 'rename', tag })}
        >
          <IconEdit size={16} aria-hidden />
        </ActionIcon>
      </Hint>
    </Group>
  );

  return (
    <Stack gap="xs" component="nav" aria-label="题库">
      <Group justify="space-between" wrap="nowrap">
        <Title order={2} fz="h4">
          题库
        </Title>
        <Button
          size="xs"
          variant="light"
          leftSection={<IconPlus size={14} aria-hidden />}
          onClick={() => setEdit({ mode: 'new', parentId: '0' })}
        >
          新建题库
        </Button>
      </Group>
      {tops.length === 0 ? (
        <Text size="sm" c="dimmed">
          还没有题库。新建一个题库（如“第一章 货币时间价值”），再在其中添加或导入习题。
        </Text>
      ) : (
        <div>
          {tops.map((top) => [item(top, true), ...childrenOf(top.tagId).map((child) => item(child, false))])}
        </div>
      )}
      <TagModal edit={edit} tops={tops} onClose={() => setEdit(null)} onSaved={onSelect} />
    </Stack>
  );
}

function TagModal({
  edit,
  tops,
  onClose,
  onSaved,
}: {
  edit: TagEdit | null;
  tops: readonly ExerciseTag[];
  onClose: () => void;
  onSaved: (tagId: string) => void;
}) {
  const title = edit?.mode === 'rename' ? '重命名题库' : '新建题库';
  return (
    <Modal
      opened={edit !== null}
      onClose={onClose}
      title={title}
      centered
      closeButtonProps={{ 'aria-label': '关闭' }}
    >
      {edit ? <TagForm title={title} edit={edit} tops={tops} onClose={onClose} onSaved={onSaved} /> : null}
    </Modal>
  );
}

function TagForm({
  title,
  edit,
  tops,
  onClose,
  onSaved,
}: {
  title: string;
  edit: TagEdit;
  tops: readonly ExerciseTag[];
  onClose: () => void;
  onSaved: (tagId: string) => void;
}) {
  const save = useMutation(saveTagMutation());
  const form = useAppForm({
    defaultValues:
      edit.mode === 'rename'
        ? { tagName: edit.tag.tagName, parentId: edit.tag.parentId }
        : { tagName: '', parentId: edit.parentId },
    onSubmit: async ({ value }) => {
      try {
        const saved = await save.mutateAsync({
          ...(edit.mode === 'rename' ? { tagId: edit.tag.tagId, sortPri: edit.tag.sortPri } : {}),
          tagName: value.tagName.trim(),
          parentId: value.parentId || '0',
        });
        notifications.show({
          color: 'teal',
          message:
            edit.mode === 'rename' ? `已重命名为「${saved.tagName}」` : `已新建题库「${saved.tagName}」`,
        });
        onSaved(saved.tagId);
        onClose();
      } catch {
        // 重名 and the like arrive as the global error notification; the dialog stays
      }
    },
  });
  // A parent with children cannot move under another tag (two levels at most).
  const parents =
    edit.mode === 'rename' && edit.tag.parentId === '0'
      ? []
      : tops.filter((tag) => edit.mode !== 'rename' || tag.tagId !== edit.tag.tagId);
  return (
    <form
      noValidate
      aria-label={title}
      onSubmit={(event) => {
        event.preventDefault();
        void form.handleSubmit();
      }}
    >
      <Stack gap="md">
        <form.AppField name="tagName" validators={{ onChange: tagNameSchema }}>
          {(field) => <field.TextField label="题库名称" withAsterisk maxLength={30} data-autofocus />}
        </form.AppField>
        {parents.length > 0 ? (
          <form.AppField name="parentId">
            {() => (
              <SelectField
                label="上级题库"
                data={[
                  { value: '0', label: '无（顶级题库）' },
                  ...parents.map((tag) => ({ value: tag.tagId, label: tag.tagName })),
                ]}
                allowDeselect={false}
                comboboxProps={{ withinPortal: true }}
              />
            )}
          </form.AppField>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            取消
          </Button>
          <form.AppForm>
            <form.SubmitButton>保存</form.SubmitButton>
          </form.AppForm>
        </Group>
      </Stack>
    </form>
  );
}
