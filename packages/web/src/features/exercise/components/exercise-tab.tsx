import '@mantine/core/styles/Combobox.layer.css';
import '@mantine/core/styles/Popover.layer.css';
import type { Exercise, ExerciseDifficulty, ExerciseTag, ExerciseType } from '@dfrm/sdk/resource';
import { Button, EmptyState, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconFileImport, IconListDetails, IconPlus, IconSearch, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import type { RowSelectionState } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { DataTable } from '@/components/data-table/data-table';
import { tableQueryState } from '@/components/data-table/query-state';
import { SegmentedChoice } from '@/components/segmented-choice/segmented-choice';
import { openConfirmModal } from '@/shared/overlays';
import { deleteExercisesMutation } from '@/features/exercise/api/exercise-mutations';
import { EXERCISE_PAGE_SIZE, exerciseListQuery } from '@/features/exercise/api/exercise-queries';
import {
  DIFFICULTIES,
  DIFFICULTY_LABELS,
  EXERCISE_TYPE_LABELS,
  EXERCISE_TYPES,
  stemExcerpt,
} from '@/features/exercise/exercise-labels';
import { exerciseColumns } from '@/features/exercise/tables/exercise-columns';
import { ExerciseFormModal } from './exercise-form-modal';
import { ImportExercisesModal } from './import-exercises-modal';

const TYPE_FILTER = [
  { value: 'all', label: '全部题型' },
  ...EXERCISE_TYPES.map((type) => ({ value: String(type), label: EXERCISE_TYPE_LABELS[type] })),
];
const DIFFICULTY_FILTER = [
  { value: 'all', label: '全部' },
  ...DIFFICULTIES.map((level) => ({ value: String(level), label: DIFFICULTY_LABELS[level] })),
];

/** The filters of the list; a new filter starts at page 1 (see `page`). */
interface Filters {
  type: string;
  difficulty: string;
  keyword: string;
}

/** 习题: the chosen 题库's exercises with filters, new/edit in a dialog, import and batch delete. */
export function ExerciseTab({ tag, tags }: { tag: ExerciseTag; tags: readonly ExerciseTag[] }) {
  const [search, setSearch] = useState('');
  const [keyword] = useDebouncedValue(search.trim(), 300);
  const [filters, setFilters] = useState<Omit<Filters, 'keyword'>>({ type: 'all', difficulty: 'all' });
  const filterKey = [tag.tagId, filters.type, filters.difficulty, keyword].join('\n');
  const [page, setPage] = useState({ filterKey, index: 1 });
  const pageIndex = page.filterKey === filterKey ? page.index : 1;
  const [selection, setSelection] = useState<RowSelectionState>({});
  const [editing, setEditing] = useState<{ exercise: Exercise | null } | null>(null);
  const [importing, setImporting] = useState(false);
  const list = useQuery(
    exerciseListQuery({
      tagId: tag.tagId,
      pageIndex,
      type: filters.type === 'all' ? undefined : (Number(filters.type) as ExerciseType),
      difficulty:
        filters.difficulty === 'all' ? undefined : (Number(filters.difficulty) as ExerciseDifficulty),
      keyword: keyword || undefined,
    }),
  );
  const { mutate: remove, isPending: removing } = useMutation(deleteExercisesMutation());

  const columns = useMemo(() => {
    const confirmDelete = (exercises: readonly Exercise[]) =>
      openConfirmModal({
        title: '删除习题',
        centered: true,
        children: (
          <Text size="sm">
            {exercises.length === 1
              ? `确定删除“${stemExcerpt(exercises[0]!.content, 40)}”吗？`
              : `确定删除选中的 ${exercises.length} 道习题吗？`}
            已被试卷引用的习题不能删除。删除后不能恢复。
          </Text>
        ),
        labels: { confirm: '删除', cancel: '取消' },
        confirmProps: { color: 'red' },
        onConfirm: () =>
          remove(
            exercises.map((exercise) => exercise.exerciseId),
            {
              onSuccess: (ids) => {
                setSelection({});
                notifications.show({ color: 'teal', message: `已删除 ${ids.length} 道习题` });
              },
            },
          ),
      });
    return {
      confirmDelete,
      columns: exerciseColumns({
        onEdit: (exercise) => setEditing({ exercise }),
        onDelete: (exercise) => confirmDelete([exercise]),
      }),
    };
  }, [remove]);

  const rows = list.data?.list;
  const data = useMemo(() => rows ?? [], [rows]);
  const selected = data.filter((exercise) => selection[exercise.exerciseId]);
  const filtered = keyword !== '' || filters.type !== 'all' || filters.difficulty !== 'all';
  const addButton = (
    <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setEditing({ exercise: null })}>
      新建习题
    </Button>
  );

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Group gap="sm" align="flex-end" wrap="wrap">
          <Select
            label="题型"
            data={TYPE_FILTER}
            value={filters.type}
            onChange={(value) => setFilters({ ...filters, type: value ?? 'all' })}
            allowDeselect={false}
            w={130}
            comboboxProps={{ withinPortal: true }}
          />
          <div>
            <Text size="sm" fw={500} mb={4} aria-hidden>
              难度
            </Text>
            <SegmentedChoice
              label="按难度筛选"
              data={DIFFICULTY_FILTER}
              value={filters.difficulty}
              onChange={(value) => setFilters({ ...filters, difficulty: value })}
            />
          </div>
          <TextInput
            label="题干"
            placeholder="按题干搜索"
            aria-label="按题干搜索"
            leftSection={<IconSearch size={16} aria-hidden />}
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
            w={200}
          />
        </Group>
        <Group gap="sm">
          <Button
            variant="default"
            color="red"
            leftSection={<IconTrash size={16} aria-hidden />}
            disabled={selected.length === 0}
            loading={removing}
            onClick={() => columns.confirmDelete(selected)}
          >
            删除所选{selected.length > 0 ? `（${selected.length}）` : ''}
          </Button>
          <Button
            variant="default"
            leftSection={<IconFileImport size={16} aria-hidden />}
            onClick={() => setImporting(true)}
          >
            导入习题
          </Button>
          {addButton}
        </Group>
      </Group>

      <DataTable
        label="习题列表"
        columns={columns.columns}
        data={data}
        getRowId={(row) => row.exerciseId}
        rowHeight={56}
        enableRowSelection
        rowSelection={selection}
        onRowSelectionChange={setSelection}
        {...tableQueryState(list)}
        empty={
          <EmptyState
            icon={<IconListDetails size={28} aria-hidden />}
            variant="light"
            title={filtered ? '没有符合条件的习题' : '这个题库还没有习题'}
            description={filtered ? '换个题型、难度或关键字再试试。' : '新建习题，或用 Excel 模板批量导入。'}
          >
            {filtered ? null : <EmptyState.Actions>{addButton}</EmptyState.Actions>}
          </EmptyState>
        }
        pagination={{
          page: pageIndex,
          pageSize: EXERCISE_PAGE_SIZE,
          total: list.data?.total ?? 0,
          onPageChange: (index) => {
            setSelection({});
            setPage({ filterKey, index });
          },
        }}
      />

      <ExerciseFormModal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        exercise={editing?.exercise ?? null}
        tagId={tag.tagId}
        tags={tags}
      />
      <ImportExercisesModal
        opened={importing}
        onClose={() => setImporting(false)}
        tagId={tag.tagId}
        tagName={tag.tagName}
      />
    </Stack>
  );
}
