import '@mantine/core/styles/Badge.layer.css';
import type { MyExamItem } from '@dfrm/sdk/tms';
import { Badge, Button, EmptyState, Group, Stack, Text } from '@mantine/core';
import { IconFileCertificate } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { DataTable } from '@/components/data-table/data-table';
import { dataTableColumnHelper } from '@/components/data-table/data-table-features';
import { tableQueryState } from '@/components/data-table/query-state';
import { PageContainer } from '@/components/page/page-container';
import { PageHeader } from '@/components/page/page-header';
import { SegmentedChoice } from '@/components/segmented-choice/segmented-choice';
import { formatInstant } from '@/shared/format';
import { EXAM_ATTEND_STATUS_LABELS } from '@/shared/labels';
import { useSchoolId } from '@/shared/session/current-school-id';
import {
  MY_EXAM_PAGE_SIZE,
  type MyExamFilter,
  myExamListQuery,
} from '@/features/exam/api/student-exam-queries';
import {
  MY_EXAM_STATE_COLORS,
  MY_EXAM_STATE_LABELS,
  myExamAction,
  myExamState,
} from '@/features/exam/student-exam-status';

const FILTERS: readonly { value: MyExamFilter; label: string }[] = [
  { value: 'all', label: '全部' },
  { value: 'open', label: '进行中' },
  { value: 'upcoming', label: '未开始' },
  { value: 'ended', label: '已结束' },
];

const EMPTY_TEXT: Record<MyExamFilter, { title: string; description: string }> = {
  all: { title: '暂无考试', description: '老师把你加入考生名单并发布考试后，考试会显示在这里。' },
  open: { title: '没有进行中的考试', description: '正在开放作答的考试会显示在这里。' },
  upcoming: { title: '没有即将开始的考试', description: '已发布、还没到开始时间的考试会显示在这里。' },
  ended: { title: '没有已结束的考试', description: '考试结束后会显示在这里，可以查看成绩。' },
};

const column = dataTableColumnHelper<MyExamItem>();

/** 我的考试: the exams the student is listed for, with where each stands and what to do next. */
export function StudentExamListPage() {
  const schoolId = useSchoolId();
  const [filter, setFilter] = useState<MyExamFilter>('all');
  const [page, setPage] = useState({ filter, index: 1 });
  // a new filter starts at its first page
  const pageIndex = page.filter === filter ? page.index : 1;
  const list = useQuery(myExamListQuery({ schoolId, filter, pageIndex }));

  const columns = useMemo(
    () =>
      column.columns([
        column.accessor('examName', {
          header: '考试名称',
          enableSorting: false,
          cell: ({ row }) => (
            <div>
              <Text size="sm" fw={500} lineClamp={2} style={{ whiteSpace: 'normal' }}>
                {row.original.examName}
              </Text>
              <Text size="xs" c="dimmed">
                {row.original.examNumber}
              </Text>
            </div>
          ),
        }),
        column.accessor('courseName', {
          header: '课程',
          enableSorting: false,
          meta: { width: 140 },
          cell: ({ getValue }) => getValue() || '-',
        }),
        column.accessor('startTime', {
          header: '考试时间',
          enableSorting: false,
          meta: { width: 170 },
          cell: ({ row }) => (
            <div>
              <Text size="sm">{formatInstant(row.original.startTime)}</Text>
              <Text size="xs" c="dimmed">
                至 {formatInstant(row.original.endTime)}
              </Text>
            </div>
          ),
        }),
        column.accessor('duration', {
          header: '时长',
          enableSorting: false,
          meta: { width: 90 },
          cell: ({ getValue }) => `${getValue()} 分钟`,
        }),
        column.display({
          id: 'state',
          header: '状态',
          meta: { width: 130 },
          cell: ({ row }) => {
            const state = myExamState(row.original);
            return (
              <Group gap={4} wrap="nowrap">
                <Badge variant="light" color={MY_EXAM_STATE_COLORS[state]} radius="sm" tt="none" fw={500}>
                  {MY_EXAM_STATE_LABELS[state]}
                </Badge>
                {row.original.attendStatus === 1 || row.original.attendStatus === 3 ? (
                  <Badge
                    variant="light"
                    color={row.original.attendStatus === 3 ? 'red' : 'blue'}
                    radius="sm"
                    tt="none"
                    fw={500}
                  >
                    {EXAM_ATTEND_STATUS_LABELS[row.original.attendStatus]}
                  </Badge>
                ) : null}
              </Group>
            );
          },
        }),
        column.accessor('score', {
          header: '成绩',
          enableSorting: false,
          meta: { width: 100 },
          cell: ({ row }) =>
            row.original.score !== null ? (
              <Text size="sm" fw={600}>
                {row.original.score} / {row.original.totalScore}
              </Text>
            ) : (
              <Text size="sm" c="dimmed">
                -
              </Text>
            ),
        }),
        column.display({
          id: 'actions',
          header: '操作',
          meta: { width: 120, align: 'right' },
          cell: ({ row }) => {
            const action = myExamAction(myExamState(row.original));
            if (!action) return null;
            const { examId, examName } = row.original;
            const primary = action.label === '进入考试' || action.label === '继续作答';
            return (
              <Button
                size="xs"
                variant={primary ? 'filled' : 'light'}
                aria-label={`${action.label} ${examName}`}
                renderRoot={(props) =>
                  action.to === 'card' ? (
                    <Link {...props} to="/examination/$id" params={{ id: examId }} />
                  ) : (
                    <Link {...props} to="/attention" search={{ examId }} />
                  )
                }
              >
                {action.label}
              </Button>
            );
          },
        }),
      ]),
    [],
  );

  const rows = list.data?.list;
  const data = useMemo(() => rows ?? [], [rows]);

  return (
    <PageContainer>
      <Stack gap="lg">
        <PageHeader
          title="我的考试"
          description="老师安排你参加的在线考试：按时进入作答，答案自动保存，交卷后按老师的设置查看成绩。"
        />
        <div style={{ overflowX: 'auto', maxWidth: '100%' }}>
          <SegmentedChoice label="按状态筛选" value={filter} onChange={setFilter} data={FILTERS} />
        </div>
        <DataTable
          label="考试列表"
          columns={columns}
          data={data}
          getRowId={(row) => row.examId}
          rowHeight={64}
          {...tableQueryState(list)}
          empty={
            <EmptyState
              icon={<IconFileCertificate size={28} aria-hidden />}
              variant="light"
              title={EMPTY_TEXT[filter].title}
              description={EMPTY_TEXT[filter].description}
            />
          }
          pagination={{
            page: pageIndex,
            pageSize: MY_EXAM_PAGE_SIZE,
            total: list.data?.total ?? 0,
            onPageChange: (index) => setPage({ filter, index }),
          }}
        />
      </Stack>
    </PageContainer>
  );
}
