import '@mantine/core/styles/Badge.layer.css';
import type { Exercise } from '@dfrm/sdk/resource';
import { ActionIcon, Anchor, Badge, Group, Text } from '@mantine/core';
import { IconEdit, IconTrash } from '@tabler/icons-react';
import { dataTableColumnHelper } from '@/components/data-table/data-table-features';
import { Hint } from '@/components/hint/hint';
import {
  DIFFICULTY_COLORS,
  DIFFICULTY_LABELS,
  EXERCISE_TYPE_LABELS,
  stemExcerpt,
} from '@/features/exercise/exercise-labels';

const column = dataTableColumnHelper<Exercise>();

/** The columns of a 题库's exercise list; `onEdit`, `onDelete` stable (they build the cells). */
export function exerciseColumns({
  onEdit,
  onDelete,
}: {
  onEdit: (exercise: Exercise) => void;
  onDelete: (exercise: Exercise) => void;
}) {
  return column.columns([
    column.accessor('type', {
      header: '题型',
      enableSorting: false,
      meta: { width: 84 },
      cell: ({ getValue }) => (
        <Badge variant="light" radius="sm">
          {EXERCISE_TYPE_LABELS[getValue()]}
        </Badge>
      ),
    }),
    column.accessor('content', {
      header: '题干',
      enableSorting: false,
      cell: ({ row }) => (
        <Anchor
          component="button"
          type="button"
          size="sm"
          ta="left"
          lineClamp={2}
          style={{ whiteSpace: 'normal' }}
          aria-label={`编辑习题：${stemExcerpt(row.original.content, 30)}`}
          onClick={() => onEdit(row.original)}
        >
          {stemExcerpt(row.original.content)}
        </Anchor>
      ),
    }),
    column.accessor('tagName', { header: '题库', enableSorting: false, meta: { width: 110 } }),
    column.accessor('difficulty', {
      header: '难度',
      enableSorting: false,
      meta: { width: 72 },
      cell: ({ getValue }) => (
        <Badge variant="dot" color={DIFFICULTY_COLORS[getValue()]} radius="sm">
          {DIFFICULTY_LABELS[getValue()]}
        </Badge>
      ),
    }),
    column.accessor('score', { header: '分值', enableSorting: false, meta: { width: 60, align: 'right' } }),
    column.accessor('paperCount', {
      header: '引用',
      enableSorting: false,
      meta: { width: 90 },
      cell: ({ getValue }) =>
        getValue() > 0 ? (
          <Text size="sm">{getValue()} 份试卷</Text>
        ) : (
          <Text size="sm" c="dimmed">
            未引用
          </Text>
        ),
    }),
    column.display({
      id: 'actions',
      header: '操作',
      meta: { width: 90, align: 'right' },
      cell: ({ row }) => {
        const name = stemExcerpt(row.original.content, 20);
        return (
          <Group gap={4} justify="flex-end" wrap="nowrap">
            <Hint label="编辑">
              <ActionIcon variant="subtle" aria-label={`编辑 ${name}`} onClick={() => onEdit(row.original)}>
                <IconEdit size={18} aria-hidden />
              </ActionIcon>
            </Hint>
            <Hint label="删除">
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={`删除 ${name}`}
                onClick={() => onDelete(row.original)}
              >
                <IconTrash size={18} aria-hidden />
              </ActionIcon>
            </Hint>
          </Group>
        );
      },
    }),
  ]);
}
