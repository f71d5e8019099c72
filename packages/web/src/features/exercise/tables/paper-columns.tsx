import '@mantine/core/styles/Badge.layer.css';
import type { ExercisePaperBrief } from '@dfrm/sdk/resource';
import { ActionIcon, Anchor, Badge, Group, Text } from '@mantine/core';
import { IconEye, IconTrash } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { dataTableColumnHelper } from '@/components/data-table/data-table-features';
import { Hint } from '@/components/hint/hint';
import { formatInstant } from '@/shared/format';
import { BUILD_MODE_LABELS } from '@/features/exercise/exercise-labels';
import { PAPER_DETAIL_PATH } from '@/features/exercise/exercise-search';

const column = dataTableColumnHelper<ExercisePaperBrief>();

/**
 * The columns of the teacher's papers. `tagId` is the 题库 the teacher is in: the detail's way
 * back returns there. `onDelete` stable (it builds the cells).
 */
export function paperColumns({
  tagId,
  onDelete,
}: {
  tagId: string;
  onDelete: (paper: ExercisePaperBrief) => void;
}) {
  const detailLink = (paper: ExercisePaperBrief) => ({
    to: PAPER_DETAIL_PATH,
    params: { tagId, id: paper.paperId },
  });
  return column.columns([
    column.accessor('paperName', {
      header: '试卷名称',
      enableSorting: false,
      cell: ({ row }) => (
        <Anchor
          size="sm"
          fw={500}
          lineClamp={2}
          style={{ whiteSpace: 'normal' }}
          renderRoot={(props) => <Link {...props} {...detailLink(row.original)} />}
        >
          {row.original.paperName}
        </Anchor>
      ),
    }),
    column.accessor('buildMode', {
      header: '组卷方式',
      enableSorting: false,
      meta: { width: 96 },
      cell: ({ getValue }) => (
        <Badge variant="light" color={getValue() === 'random' ? 'grape' : 'blue'} radius="sm">
          {BUILD_MODE_LABELS[getValue()]}
        </Badge>
      ),
    }),
    column.accessor('tagName', {
      header: '试卷标签',
      enableSorting: false,
      meta: { width: 100 },
      cell: ({ getValue }) =>
        getValue() ? (
          <Text size="sm">{getValue()}</Text>
        ) : (
          <Text size="sm" c="dimmed">
            未分类
          </Text>
        ),
    }),
    column.accessor('exerciseCount', {
      header: '题数',
      enableSorting: false,
      meta: { width: 60, align: 'right' },
    }),
    column.accessor('totalScore', {
      header: '总分',
      enableSorting: false,
      meta: { width: 64, align: 'right' },
    }),
    column.accessor('usedCount', {
      header: '用于考试',
      enableSorting: false,
      meta: { width: 84, align: 'right' },
      cell: ({ getValue }) => (getValue() > 0 ? `${getValue()} 场` : '—'),
    }),
    column.accessor('updatedAt', {
      header: '更新时间',
      enableSorting: false,
      meta: { width: 140 },
      cell: ({ getValue }) => formatInstant(getValue()),
    }),
    column.display({
      id: 'actions',
      header: '操作',
      meta: { width: 90, align: 'right' },
      cell: ({ row }) => (
        <Group gap={4} justify="flex-end" wrap="nowrap">
          <Hint label="查看试卷">
            <ActionIcon
              variant="subtle"
              aria-label={`查看 ${row.original.paperName}`}
              renderRoot={(props) => <Link {...props} {...detailLink(row.original)} />}
            >
              <IconEye size={18} aria-hidden />
            </ActionIcon>
          </Hint>
          <Hint label={row.original.usedCount > 0 ? '已用于考试，不能删除' : '删除试卷'}>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={`删除 ${row.original.paperName}`}
              disabled={row.original.usedCount > 0}
              onClick={() => onDelete(row.original)}
            >
              <IconTrash size={18} aria-hidden />
            </ActionIcon>
          </Hint>
        </Group>
      ),
    }),
  ]);
}
