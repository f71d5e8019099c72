import '@mantine/core/styles/Badge.layer.css';
import '@mantine/core/styles/Combobox.layer.css';
import '@mantine/core/styles/Popover.layer.css';
import type { ExamBrief } from '@dfrm/sdk/tms';
import { ActionIcon, Anchor, Badge, EmptyState, Group, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import {
  IconArrowBackUp,
  IconEdit,
  IconFileCertificate,
  IconRefresh,
  IconSend,
  IconTrash,
  IconUsers,
} from '@tabler/icons-react';
import { useMutation, useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { DataTable } from '@/components/data-table/data-table';
import { dataTableColumnHelper } from '@/components/data-table/data-table-features';
import { tableQueryState } from '@/components/data-table/query-state';
import { Hint } from '@/components/hint/hint';
import { CourseFilter } from '@/components/page/course-filter';
import { PageContainer } from '@/components/page/page-container';
import { PageHeader } from '@/components/page/page-header';
import { ListAddLink, ListSearch } from '@/components/page/course-list-header';
import { SegmentedChoice } from '@/components/segmented-choice/segmented-choice';
import {
  deleteExamMutation,
  flushExamMutation,
  upDownExamMutation,
} from '@/features/exam/api/teacher-exam-mutations';
import {
  EXAM_PAGE_SIZE,
  examAmountQuery,
  examCoursesQuery,
  examListQuery,
} from '@/features/exam/api/teacher-exam-queries';
import { EXAM_TEACHER_PATHS } from '@/features/exam/teacher-search';
import { formatInstant } from '@/shared/format';
import { EXAM_PHASE_LABELS, EXAM_UP_DOWN_STATUS_LABELS } from '@/shared/labels';
import { openConfirmModal } from '@/shared/overlays';
import { useSchoolId } from '@/shared/session/current-school-id';

const column = dataTableColumnHelper<ExamBrief>();

type StatusChoice = 'all' | 'up' | 'down' | 'notStarted' | 'ongoing' | 'ended';

/** Each status choice as the list's filter (upDownStatus or phase) and its count in get/amount. */
const STATUS_FILTERS: Record<
  StatusChoice,
  { label: string; filter: { upDownStatus?: 0 | 1; phase?: 0 | 1 | 2 }; count: keyof AmountCounts }
> = {
  all: { label: '全部', filter: {}, count: 'total' },
  up: { label: EXAM_UP_DOWN_STATUS_LABELS[1], filter: { upDownStatus: 1 }, count: 'upCount' },
  down: { label: EXAM_UP_DOWN_STATUS_LABELS[0], filter: { upDownStatus: 0 }, count: 'downCount' },
  notStarted: { label: EXAM_PHASE_LABELS[0], filter: { phase: 0 }, count: 'notStartedCount' },
  ongoing: { label: EXAM_PHASE_LABELS[1], filter: { phase: 1 }, count: 'ongoingCount' },
  ended: { label: EXAM_PHASE_LABELS[2], filter: { phase: 2 }, count: 'endedCount' },
};

interface AmountCounts {
  total: number;
  upCount: number;
  downCount: number;
  notStartedCount: number;
  ongoingCount: number;
  endedCount: number;
}

const PHASE_COLORS = { 0: 'blue', 1: 'teal', 2: 'gray' } as const;

/** 考试管理: the teacher's exams with their window, list and status, and what can be done to each. */
export function TeacherExamListPage() {
  const schoolId = useSchoolId();
  const { data: courses } = useSuspenseQuery(examCoursesQuery(schoolId));
  const [courseId, setCourseId] = useState<string | undefined>(undefined);
  const [search, setSearch] = useState('');
  const [keyword] = useDebouncedValue(search.trim(), 300);
  const [status, setStatus] = useState<StatusChoice>('all');
  const filter = [courseId, keyword, status].join('\n');
  const [page, setPage] = useState({ filter, index: 1 });
  // A new filter starts at its first page.
  const pageIndex = page.filter === filter ? page.index : 1;
  const list = useQuery(
    examListQuery({
      schoolId,
      courseId,
      keyword: keyword || undefined,
      pageIndex,
      ...STATUS_FILTERS[status].filter,
    }),
  );
  const amount = useQuery(examAmountQuery(schoolId, courseId));
  const { mutate: upDown } = useMutation(upDownExamMutation());
  const { mutate: flush } = useMutation(flushExamMutation());
  const { mutate: remove } = useMutation(deleteExamMutation());

  const columns = useMemo(() => {
    const confirmPublish = (exam: ExamBrief) =>
      openConfirmModal({
        title: '发布考试',
        centered: true,
        children: (
          <Text size="sm">
            发布后，名单中的 {exam.examinerCount} 名考生可以在 {formatInstant(exam.startTime)} 到{' '}
            {formatInstant(exam.endTime)} 之间进入“{exam.examName}
            ”。发布后只能修改名称、说明、考前须知和延后结束时间。
          </Text>
        ),
        labels: { confirm: '发布', cancel: '取消' },
        onConfirm: () =>
          upDown(
            { examId: exam.examId, upDownStatus: 1 },
            { onSuccess: () => notifications.show({ color: 'teal', message: `“${exam.examName}”已发布` }) },
          ),
      });
    const confirmWithdraw = (exam: ExamBrief) =>
      openConfirmModal({
        title: '下架考试',
        centered: true,
        children: (
          <Text size="sm">
            下架后考生看不到“{exam.examName}”，可以修改试题后再发布。考试进行中且有考生正在作答时不能下架。
          </Text>
        ),
        labels: { confirm: '下架', cancel: '取消' },
        onConfirm: () =>
          upDown(
            { examId: exam.examId, upDownStatus: 0 },
            { onSuccess: () => notifications.show({ color: 'teal', message: `“${exam.examName}”已下架` }) },
          ),
      });
    const confirmFlush = (exam: ExamBrief) =>
      openConfirmModal({
        title: '重新计分',
        centered: true,
        children: (
          <Text size="sm">
            按试卷当前的答案重新计算“{exam.examName}
            ”全部已交卷考生的客观题得分和总分，您给的简答题、代码题分数保持不变，统计随之更新。修改答案后使用，可以重复执行。
          </Text>
        ),
        labels: { confirm: '重新计分', cancel: '取消' },
        onConfirm: () =>
          flush(exam.examId, {
            onSuccess: (result) =>
              notifications.show({
                color: 'teal',
                message: `已为 ${result.recalculatedCount} 名已交卷考生重新计分`,
              }),
          }),
      });
    const confirmDelete = (exam: ExamBrief) =>
      openConfirmModal({
        title: '删除考试',
        centered: true,
        children: (
          <Text size="sm">
            确定删除“{exam.examName}”吗？考试、考生名单和全部答卷一并删除，不能恢复。上架的考试需先下架。
          </Text>
        ),
        labels: { confirm: '删除', cancel: '取消' },
        confirmProps: { color: 'red' },
        onConfirm: () =>
          remove(exam.examId, {
            onSuccess: () => notifications.show({ color: 'teal', message: `“${exam.examName}”已删除` }),
          }),
      });

    return column.columns([
      column.accessor('examName', {
        header: '考试名称',
        enableSorting: false,
        cell: ({ row }) => (
          <div>
            <Anchor
              size="sm"
              fw={500}
              lineClamp={2}
              style={{ whiteSpace: 'normal' }}
              renderRoot={(props) => (
                <Link {...props} to={EXAM_TEACHER_PATHS.edit} params={{ examId: row.original.examId }} />
              )}
            >
              {row.original.examName}
            </Anchor>
            <Text size="xs" c="dimmed">
              编号 {row.original.examNumber} · {row.original.questionCount} 题 · 满分{' '}
              {row.original.totalScore}
            </Text>
          </div>
        ),
      }),
      column.accessor('courseName', {
        header: '课程',
        enableSorting: false,
        meta: { width: 120 },
        cell: ({ getValue }) =>
          getValue() || (
            <Text size="sm" c="dimmed">
              未指定
            </Text>
          ),
      }),
      column.accessor('startTime', {
        header: '考试时间',
        enableSorting: false,
        meta: { width: 170 },
        cell: ({ row }) => (
          <div>
            <Text size="xs" c="dimmed">
              开始 {formatInstant(row.original.startTime)}
            </Text>
            <Text size="sm">结束 {formatInstant(row.original.endTime)}</Text>
          </div>
        ),
      }),
      column.accessor('duration', {
        header: '时长',
        enableSorting: false,
        meta: { width: 80, align: 'right' },
        cell: ({ getValue }) => `${getValue()} 分钟`,
      }),
      column.accessor('examinerCount', {
        header: '考生（交卷/名单）',
        enableSorting: false,
        meta: { width: 90, align: 'right' },
        cell: ({ row }) => `${row.original.submittedCount} / ${row.original.examinerCount}`,
      }),
      column.accessor('upDownStatus', {
        header: '状态',
        enableSorting: false,
        meta: { width: 90 },
        cell: ({ row }) => (
          <Stack gap={4} align="flex-start">
            <Badge variant="light" color={row.original.upDownStatus === 1 ? 'teal' : 'gray'} radius="sm">
              {EXAM_UP_DOWN_STATUS_LABELS[row.original.upDownStatus]}
            </Badge>
            <Badge variant="dot" color={PHASE_COLORS[row.original.phase]} radius="sm">
              {EXAM_PHASE_LABELS[row.original.phase]}
            </Badge>
          </Stack>
        ),
      }),
      column.display({
        id: 'actions',
        header: '操作',
        meta: { width: 190, align: 'right' },
        cell: ({ row }) => {
          const exam = row.original;
          return (
            <Group gap={4} justify="flex-end" wrap="nowrap">
              <Hint label="编辑">
                <ActionIcon
                  variant="subtle"
                  aria-label={`编辑 ${exam.examName}`}
                  renderRoot={(props) => (
                    <Link {...props} to={EXAM_TEACHER_PATHS.edit} params={{ examId: exam.examId }} />
                  )}
                >
                  <IconEdit size={18} aria-hidden />
                </ActionIcon>
              </Hint>
              <Hint label="考生与成绩">
                <ActionIcon
                  variant="subtle"
                  aria-label={`${exam.examName} 的考生`}
                  renderRoot={(props) => (
                    <Link {...props} to={EXAM_TEACHER_PATHS.examiners} params={{ examId: exam.examId }} />
                  )}
                >
                  <IconUsers size={18} aria-hidden />
                </ActionIcon>
              </Hint>
              {exam.upDownStatus === 1 ? (
                <Hint label="下架">
                  <ActionIcon
                    variant="subtle"
                    aria-label={`下架 ${exam.examName}`}
                    onClick={() => confirmWithdraw(exam)}
                  >
                    <IconArrowBackUp size={18} aria-hidden />
                  </ActionIcon>
                </Hint>
              ) : (
                <Hint label="发布">
                  <ActionIcon
                    variant="subtle"
                    color="teal"
                    aria-label={`发布 ${exam.examName}`}
                    onClick={() => confirmPublish(exam)}
                  >
                    <IconSend size={18} aria-hidden />
                  </ActionIcon>
                </Hint>
              )}
              <Hint label="重新计分">
                <ActionIcon
                  variant="subtle"
                  aria-label={`重新计分 ${exam.examName}`}
                  onClick={() => confirmFlush(exam)}
                >
                  <IconRefresh size={18} aria-hidden />
                </ActionIcon>
              </Hint>
              <Hint label="删除">
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={`删除 ${exam.examName}`}
                  onClick={() => confirmDelete(exam)}
                >
                  <IconTrash size={18} aria-hidden />
                </ActionIcon>
              </Hint>
            </Group>
          );
        },
      }),
    ]);
  }, [upDown, flush, remove]);

  const rows = list.data?.list;
  const data = useMemo(() => rows ?? [], [rows]);
  const counts = amount.data;
  const statusChoices = (Object.keys(STATUS_FILTERS) as StatusChoice[]).map((value) => ({
    value,
    // the counts arrive with the page (its loader); until then the names stand alone
    label: counts
      ? `${STATUS_FILTERS[value].label} ${counts[STATUS_FILTERS[value].count]}`
      : STATUS_FILTERS[value].label,
  }));
  const filtered = keyword !== '' || status !== 'all' || courseId !== undefined;
  const addLink = (
    <ListAddLink to={EXAM_TEACHER_PATHS.add} courseId={courseId}>
      新建考试
    </ListAddLink>
  );

  return (
    <PageContainer>
      <Stack gap="lg">
        <PageHeader
          title="考试管理"
          description="编排试卷、安排考试时间和考生名单，发布后阅卷并查看统计。"
          actions={
            <Group gap="sm" align="flex-end">
              <CourseFilter courses={courses} value={courseId} onChange={setCourseId} />
              {addLink}
            </Group>
          }
        />

        <Group gap="sm" align="flex-end" wrap="wrap">
          <ListSearch label="考试" placeholder="按名称或编号搜索" value={search} onChange={setSearch} />
          <div style={{ maxWidth: '100%' }}>
            <Text size="sm" fw={500} mb={4} aria-hidden>
              状态
            </Text>
            {/* six filters with their counts do not fit a phone's width: the row scrolls sideways */}
            <div style={{ overflowX: 'auto', maxWidth: '100%' }}>
              <SegmentedChoice label="按状态筛选" data={statusChoices} value={status} onChange={setStatus} />
            </div>
          </div>
        </Group>

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
              title={filtered ? '没有符合条件的考试' : '还没有考试'}
              description={
                filtered ? '换个名称、课程或状态再试试。' : '点击“新建考试”，编排试卷并安排考试时间。'
              }
            >
              {filtered ? null : <EmptyState.Actions>{addLink}</EmptyState.Actions>}
            </EmptyState>
          }
          pagination={{
            page: pageIndex,
            pageSize: EXAM_PAGE_SIZE,
            total: list.data?.total ?? 0,
            onPageChange: (index) => setPage({ filter, index }),
          }}
        />
      </Stack>
    </PageContainer>
  );
}
