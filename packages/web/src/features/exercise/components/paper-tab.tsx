import '@mantine/core/styles/Combobox.layer.css';
import '@mantine/core/styles/Popover.layer.css';
import type { ExercisePaperBrief, ExerciseTag } from '@dfrm/sdk/resource';
import { Button, EmptyState, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconArrowsShuffle, IconFileText, IconHandFinger, IconSearch } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { DataTable } from '@/components/data-table/data-table';
import { tableQueryState } from '@/components/data-table/query-state';
import { openConfirmModal } from '@/shared/overlays';
import { deletePapersMutation } from '@/features/exercise/api/exercise-mutations';
import { PAPER_PAGE_SIZE, paperListQuery, paperTagsQuery } from '@/features/exercise/api/exercise-queries';
import { paperColumns } from '@/features/exercise/tables/paper-columns';
import { ManualPaperForm } from './manual-paper-form';
import { RandomPaperForm } from './random-paper-form';
import { tagOptions } from './tag-options';

/**
 * 试卷: the teacher's papers (by paper tag, or all; those built from a 题库 are 未分类), and the
 * two ways to build one: 手工组卷 from chosen exercises, 随机组卷 by rules.
 */
export function PaperTab({ tag, tags }: { tag: ExerciseTag; tags: readonly ExerciseTag[] }) {
  const paperTags = useQuery(paperTagsQuery());
  const [paperTagId, setPaperTagId] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const [keyword] = useDebouncedValue(search.trim(), 300);
  const filterKey = `${paperTagId ?? ''}\n${keyword}`;
  const [page, setPage] = useState({ filterKey, index: 1 });
  const pageIndex = page.filterKey === filterKey ? page.index : 1;
  // the dialog open, and which one (kept while it closes, so its title stays during the fade)
  const [opened, setOpened] = useState(false);
  const [building, setBuilding] = useState<'manual' | 'random'>('manual');
  const build = (kind: 'manual' | 'random') => {
    setBuilding(kind);
    setOpened(true);
  };
  const close = () => setOpened(false);
  const list = useQuery(
    paperListQuery({ tagId: paperTagId ?? undefined, pageIndex, keyword: keyword || undefined }),
  );
  const { mutate: remove } = useMutation(deletePapersMutation());

  const columns = useMemo(
    () =>
      paperColumns({
        tagId: tag.tagId,
        onDelete: (paper: ExercisePaperBrief) =>
          openConfirmModal({
            title: '删除试卷',
            centered: true,
            children: (
              <Text size="sm">
                确定删除“{paper.paperName}”吗？试卷中的习题仍保留在题库中。删除后不能恢复。
              </Text>
            ),
            labels: { confirm: '删除', cancel: '取消' },
            confirmProps: { color: 'red' },
            onConfirm: () =>
              remove([paper.paperId], {
                onSuccess: () =>
                  notifications.show({ color: 'teal', message: `已删除试卷「${paper.paperName}」` }),
              }),
          }),
      }),
    [tag.tagId, remove],
  );

  const rows = list.data?.list;
  const data = useMemo(() => rows ?? [], [rows]);
  const filtered = keyword !== '' || paperTagId !== null;
  const buildButtons = (
    <Group gap="sm">
      <Button
        variant="default"
        leftSection={<IconHandFinger size={16} aria-hidden />}
        onClick={() => build('manual')}
      >
        手工组卷
      </Button>
      <Button leftSection={<IconArrowsShuffle size={16} aria-hidden />} onClick={() => build('random')}>
        随机组卷
      </Button>
    </Group>
  );

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Group gap="sm" align="flex-end">
          <Select
            label="试卷标签"
            placeholder="全部试卷"
            data={tagOptions(paperTags.data ?? [])}
            value={paperTagId}
            onChange={setPaperTagId}
            clearable
            // reserved while the tags load, so nothing moves when they arrive
            disabled={!paperTags.data}
            w={160}
            comboboxProps={{ withinPortal: true }}
          />
          <TextInput
            label="名称"
            placeholder="按试卷名称搜索"
            aria-label="按试卷名称搜索"
            leftSection={<IconSearch size={16} aria-hidden />}
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
            w={200}
          />
        </Group>
        {buildButtons}
      </Group>

      <DataTable
        label="试卷列表"
        columns={columns}
        data={data}
        getRowId={(row) => row.paperId}
        rowHeight={56}
        {...tableQueryState(list)}
        empty={
          <EmptyState
            icon={<IconFileText size={28} aria-hidden />}
            variant="light"
            title={filtered ? '没有符合条件的试卷' : '还没有试卷'}
            description={
              filtered
                ? '换个标签或名称再试试。'
                : '从题库中手工挑选习题，或按题型、难度规则随机抽题组成试卷。'
            }
          >
            {filtered ? null : <EmptyState.Actions>{buildButtons}</EmptyState.Actions>}
          </EmptyState>
        }
        pagination={{
          page: pageIndex,
          pageSize: PAPER_PAGE_SIZE,
          total: list.data?.total ?? 0,
          onPageChange: (index) => setPage({ filterKey, index }),
        }}
      />

      <Modal
        opened={opened}
        onClose={close}
        title={building === 'random' ? '随机组卷' : '手工组卷'}
        size="xl"
        closeButtonProps={{ 'aria-label': '关闭' }}
      >
        {opened && building === 'manual' ? <ManualPaperForm tag={tag} tags={tags} onDone={close} /> : null}
        {opened && building === 'random' ? <RandomPaperForm tag={tag} tags={tags} onDone={close} /> : null}
      </Modal>
    </Stack>
  );
}
