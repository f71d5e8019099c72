import { Anchor, Button, Container, EmptyState, Group, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import {
  IconArrowLeft,
  IconClipboardCheck,
  IconDownload,
  IconSearch,
  IconSpeakerphone,
} from '@tabler/icons-react';
import { useInfiniteQuery, useMutation, useSuspenseQuery } from '@tanstack/react-query';
import type { SortingState } from '@tanstack/react-table';
import { Link, useNavigate } from '@tanstack/react-router';
import { useId, useMemo, useState } from 'react';
import { DataTable } from '@/components/data-table/data-table';
import { dataTableColumnHelper } from '@/components/data-table/data-table-features';
import { tableQueryState } from '@/components/data-table/query-state';
import { BackLink } from '@/components/page/back-link';
import { SegmentedChoice } from '@/components/segmented-choice/segmented-choice';
import { useWindowHeight } from '@/lib/small-screen';
import { formatInstant } from '@/shared/format';
import { openConfirmModal } from '@/shared/overlays';
import { useSessionApi } from '@/shared/session/session-context';
import { useSchoolId } from '@/shared/session/current-school-id';
import type { TeachingArea } from '@/shared/teaching-area';
import { exportFinishMutation, publishScoresMutation } from '@/features/homework/api/grading-mutations';
import {
  type FinishRow,
  finishListQuery,
  finishWorkQuery,
  rowsOf,
} from '@/features/homework/api/grading-queries';
import { WorkFinishHeader } from '@/features/homework/components/work-finish-header';
import { WorkStatusBadge } from '@/features/homework/components/work-status-badge';
import {
  FINISH_FILTER_LABELS,
  type FinishFilter,
  type FinishListSearch,
  type FinishSortField,
  finishListParams,
} from '@/features/homework/grading-search';
import { membersText, whoOf } from '@/features/homework/grading-format';
import { HOMEWORK_PATHS } from '@/features/homework/homework-paths';

const SORTABLE = new Set<string>(['studentNumber', 'submitTime', 'score']);
const FILTER_CHOICES = (['all', 'pending', 'graded', 'unsubmitted', 'returned', 'late'] as const).map(
  (value) => ({ value, label: FINISH_FILTER_LABELS[value] }),
);
const NO_ROWS: FinishRow[] = [];

export interface WorkCompletePageProps {
  area: TeachingArea;
  search: FinishListSearch;
}

/**
 * 作业完成情况: who handed in (and who late), their scores after the late penalty, 批改 into
 * the grading view, 公布成绩 and 导出 Excel. The list is filtered, searched and sorted by the
 * server and arrives 200 rows at a time as it scrolls; its view lives in the address, so the
 * grading view walks the same list and the way back finds it as it was.
 */
export function WorkCompletePage({ area, search }: WorkCompletePageProps) {
  if (!search.workId) {
    return (
      <Container size="xl" py="md">
        <EmptyState
          icon={<IconClipboardCheck size={28} aria-hidden />}
          variant="light"
          title="没有指定作业"
          description="请在作业列表中选择一份作业，查看它的完成情况。"
        >
          <EmptyState.Actions>
            <Button
              variant="light"
              renderRoot={(props) => <BackLink {...props} href={HOMEWORK_PATHS[area].list} />}
            >
              返回作业列表
            </Button>
          </EmptyState.Actions>
        </EmptyState>
      </Container>
    );
  }
  return <WorkComplete area={area} workId={search.workId} search={search} />;
}

function WorkComplete({
  area,
  workId,
  search,
}: {
  area: TeachingArea;
  workId: string;
  search: FinishListSearch;
}) {
  const schoolId = useSchoolId();
  const paths = HOMEWORK_PATHS[area];
  const navigate = useNavigate();
  const session = useSessionApi();
  const { data: work } = useSuspenseQuery(finishWorkQuery(schoolId, workId));
  const params = useMemo(() => finishListParams(search), [search]);
  const list = useInfiniteQuery(finishListQuery(schoolId, workId, params));
  const rows = useMemo(() => (list.data ? rowsOf(list.data) : NO_ROWS), [list.data]);
  const counts = list.data?.pages[0]?.counts;
  const total = list.data?.pages[0]?.total ?? 0;
  const publish = useMutation(publishScoresMutation());
  const exportList = useMutation(exportFinishMutation(() => session.auth()));
  const reasonId = useId();

  const setSearch = (next: Partial<FinishListSearch>) =>
    void navigate({ to: paths.complete, search: { ...search, ...next }, replace: true });
  const [keyword, setKeyword] = useState(search.q ?? '');
  const pushKeyword = useDebouncedCallback(
    (value: string) => setSearch({ q: value.trim() || undefined }),
    300,
  );
  const sorting: SortingState = search.sort ? [{ id: search.sort, desc: search.order === 'desc' }] : [];

  const groupWork = work.groupMode === 1;
  const columns = useMemo(() => {
    const col = dataTableColumnHelper<FinishRow>();
    const who = groupWork
      ? [
          col.accessor('groupName', {
            id: 'groupName',
            header: '小组',
            enableSorting: false,
            meta: { width: 120 },
            cell: ({ getValue }) => (
              <Text size="sm" fw={500} truncate>
                {getValue()}
              </Text>
            ),
          }),
          col.accessor((row) => membersText(row.members), {
            id: 'members',
            header: '成员',
            enableSorting: false,
            cell: ({ getValue }) => (
              <Text size="sm" truncate title={getValue()}>
                {getValue()}
              </Text>
            ),
          }),
        ]
      : [
          col.accessor((row) => row.student.studentNumber, {
            id: 'studentNumber',
            header: '学号',
            meta: { width: 130 },
          }),
          col.accessor((row) => row.student.studentName, {
            id: 'studentName',
            header: '姓名',
            enableSorting: false,
            meta: { width: 100 },
          }),
          col.accessor((row) => row.student.className, {
            id: 'className',
            header: '行政班',
            enableSorting: false,
            cell: ({ getValue }) => (
              <Text size="sm" truncate>
                {getValue()}
              </Text>
            ),
          }),
        ];
    return col.columns([
      ...who,
      col.accessor('status', {
        id: 'status',
        header: '状态',
        enableSorting: false,
        meta: { width: 90 },
        cell: ({ getValue }) => <WorkStatusBadge status={getValue()} />,
      }),
      col.accessor('submitTime', {
        id: 'submitTime',
        header: '提交时间',
        meta: { width: 150 },
        cell: ({ getValue }) => formatInstant(getValue(), '—'),
      }),
      col.accessor('lateDays', {
        id: 'late',
        header: '迟交',
        enableSorting: false,
        meta: { width: 90 },
        cell: ({ row }) =>
          row.original.lateDays > 0 ? (
            <Text size="sm" c="orange.8" fw={500}>
              迟交 {row.original.lateDays} 天
            </Text>
          ) : row.original.submitTime ? (
            '按时'
          ) : (
            '—'
          ),
      }),
      col.accessor('rawScore', {
        id: 'score',
        header: '教师评分',
        meta: { width: 100, align: 'right' },
        cell: ({ getValue }) => getValue() ?? '—',
      }),
      col.accessor('latePenalty', {
        id: 'latePenalty',
        header: '迟交扣分',
        enableSorting: false,
        meta: { width: 90, align: 'right' },
        cell: ({ getValue }) => (getValue() > 0 ? `-${getValue()}` : '—'),
      }),
      col.accessor('score', {
        id: 'finalScore',
        header: '最终得分',
        enableSorting: false,
        meta: { width: 90, align: 'right' },
        cell: ({ getValue }) => {
          const value = getValue();
          return value === null ? (
            '—'
          ) : (
            <Text size="sm" fw={650}>
              {value}
            </Text>
          );
        },
      }),
      col.display({
        id: 'actions',
        header: '操作',
        meta: { width: 80, align: 'center' },
        cell: ({ row }) => {
          const action = row.original.status === 1 || row.original.status === 2 ? '批改' : '查看';
          return (
            <Anchor
              size="sm"
              fw={500}
              aria-label={`${action} ${whoOf(row.original)}`}
              renderRoot={(props) => (
                <Link
                  {...props}
                  to={paths.grade}
                  params={{ studentWorkId: row.original.studentWorkId }}
                  search={search}
                />
              )}
            >
              {action}
            </Anchor>
          );
        },
      }),
    ]);
  }, [groupWork, paths.grade, search]);

  const publishReason =
    work.publishStatus !== 1
      ? '作业还没有发布，不能公布成绩'
      : work.scoreStatus === 1
        ? '成绩已公布：之后的改分会立即对学生可见'
        : counts === undefined
          ? '正在统计批改情况…'
          : counts.submittedCount > 0
            ? `还有 ${counts.submittedCount} 份已提交的作业没有批改，批改后才能公布成绩`
            : null;
  const confirmPublish = () =>
    openConfirmModal({
      title: '公布成绩',
      centered: true,
      children: (
        <Text size="sm">
          公布后，学生将看到自己的分数和评语，以及全体的平均分、最高分和自己的排名。公布后仍可改分，改动会立即对学生可见。
        </Text>
      ),
      labels: { confirm: '公布成绩', cancel: '取消' },
      onConfirm: () =>
        publish.mutate(
          { schoolId, workId },
          {
            onSuccess: (result) =>
              notifications.show({
                color: 'teal',
                message: `成绩已公布，学生可以查看 ${result.scoredCount} 份作业的分数和评语`,
              }),
          },
        ),
    });

  const filtered = search.status !== undefined || search.q !== undefined;
  // The list scrolls inside the table; it takes the window's height, within reason.
  const tableHeight = Math.min(Math.max(useWindowHeight() - 400, 360), 960);

  return (
    <Container size="xl" py="md">
      <Stack gap="lg">
        <div>
          <Anchor
            size="sm"
            c="dimmed"
            renderRoot={(props) => <BackLink {...props} href={`${paths.list}?courseId=${work.courseId}`} />}
          >
            <Group gap={4} component="span">
              <IconArrowLeft size={14} aria-hidden />
              返回作业列表
            </Group>
          </Anchor>
        </div>
        <WorkFinishHeader
          work={work}
          counts={counts}
          actions={
            <Stack gap={4} align="flex-end">
              <Group gap="sm">
                <Button
                  variant="default"
                  leftSection={<IconDownload size={16} aria-hidden />}
                  loading={exportList.isPending}
                  onClick={() =>
                    exportList.mutate(
                      { schoolId, workId, title: work.title },
                      {
                        onSuccess: (name) =>
                          notifications.show({ color: 'teal', message: `已导出：${name}` }),
                      },
                    )
                  }
                >
                  导出 Excel
                </Button>
                <Button
                  leftSection={<IconSpeakerphone size={16} aria-hidden />}
                  disabled={publishReason !== null}
                  loading={publish.isPending}
                  aria-describedby={reasonId}
                  onClick={confirmPublish}
                >
                  {work.scoreStatus === 1 ? '成绩已公布' : '公布成绩'}
                </Button>
              </Group>
              {/* the line is always there, so nothing moves when the counts arrive */}
              <Text id={reasonId} size="xs" c="dimmed" ta="right" mih={18} maw={420}>
                {publishReason ?? '学生在成绩公布前看不到分数和评语'}
              </Text>
            </Stack>
          }
        />

        <Group gap="sm" wrap="wrap" role="search" aria-label="筛选学生作业">
          <div style={{ maxWidth: '100%', overflowX: 'auto' }}>
            <SegmentedChoice
              label="按状态筛选"
              data={FILTER_CHOICES}
              value={search.status ?? 'all'}
              onChange={(value) =>
                setSearch({ status: value === 'all' ? undefined : (value as FinishFilter) })
              }
            />
          </div>
          <TextInput
            aria-label="搜索学生"
            placeholder={groupWork ? '小组名、组长姓名或学号' : '姓名或学号'}
            leftSection={<IconSearch size={16} aria-hidden />}
            value={keyword}
            onChange={(event) => {
              setKeyword(event.currentTarget.value);
              pushKeyword(event.currentTarget.value);
            }}
            w={240}
          />
        </Group>

        <DataTable
          label="完成情况列表"
          columns={columns}
          data={rows}
          getRowId={(row) => row.studentWorkId}
          manualSorting
          sorting={sorting}
          onSortingChange={(next) => {
            const first = next.find((item) => SORTABLE.has(item.id));
            setSearch(
              first
                ? { sort: first.id as FinishSortField, order: first.desc ? 'desc' : undefined }
                : { sort: undefined, order: undefined },
            );
          }}
          {...tableQueryState(list)}
          empty={
            <EmptyState
              icon={<IconClipboardCheck size={28} aria-hidden />}
              variant="light"
              title={filtered ? '没有符合条件的学生作业' : '还没有学生作业'}
              description={
                filtered
                  ? '换个状态或关键字试试。'
                  : work.publishStatus !== 1
                    ? '作业发布后，所选教学班的每名学生（小组作业为每个小组）会有一份作业出现在这里。'
                    : '所选教学班里还没有学生。'
              }
            />
          }
          infinite={{
            total,
            hasMore: list.hasNextPage,
            loadingMore: list.isFetchingNextPage,
            onLoadMore: () => void list.fetchNextPage(),
          }}
          rowHeight={48}
          height={tableHeight}
        />
      </Stack>
    </Container>
  );
}
