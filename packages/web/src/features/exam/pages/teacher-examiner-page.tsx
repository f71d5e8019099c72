import '@mantine/core/styles/Badge.layer.css';
import '@mantine/core/styles/Combobox.layer.css';
import '@mantine/core/styles/Popover.layer.css';
import '@mantine/core/styles/Tabs.layer.css';
import type { Examiner } from '@dfrm/sdk/tms';
import {
  ActionIcon,
  Anchor,
  Badge,
  Button,
  Container,
  EmptyState,
  Group,
  Select,
  Stack,
  Tabs,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import {
  IconArrowLeft,
  IconClockPlus,
  IconDownload,
  IconEdit,
  IconFileImport,
  IconPencilCheck,
  IconSearch,
  IconTrash,
  IconUserPlus,
  IconUsers,
} from '@tabler/icons-react';
import { useMutation, useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { DataTable } from '@/components/data-table/data-table';
import { dataTableColumnHelper } from '@/components/data-table/data-table-features';
import { tableQueryState } from '@/components/data-table/query-state';
import { Hint } from '@/components/hint/hint';
import { exportExaminersMutation, removeExaminersMutation } from '@/features/exam/api/teacher-exam-mutations';
import {
  EXAMINER_PAGE_SIZE,
  examDetailQuery,
  examinersQuery,
} from '@/features/exam/api/teacher-exam-queries';
import {
  AddExaminersModal,
  ExtraTimeModal,
  ImportExaminersModal,
} from '@/features/exam/components/teacher-examiner-modals';
import { TeacherExamStats } from '@/features/exam/components/teacher-exam-stats';
import { EXAM_TEACHER_PATHS, type ExaminerTab } from '@/features/exam/teacher-search';
import { formatInstant, formatScore } from '@/shared/format';
import {
  EXAM_ATTEND_STATUS_LABELS,
  EXAM_MARK_STATUS_LABELS,
  EXAM_PHASE_LABELS,
  EXAM_UP_DOWN_STATUS_LABELS,
} from '@/shared/labels';
import { openConfirmModal } from '@/shared/overlays';
import { useSchoolId } from '@/shared/session/current-school-id';
import { useSessionApi } from '@/shared/session/session-context';

const column = dataTableColumnHelper<Examiner>();
const ATTEND_COLORS = { 0: 'gray', 1: 'blue', 2: 'teal', 3: 'red' } as const;
const ATTEND_CHOICES = [
  { value: 'all', label: '全部' },
  ...Object.entries(EXAM_ATTEND_STATUS_LABELS).map(([value, label]) => ({ value, label })),
];
const MARK_CHOICES = [
  { value: 'all', label: '全部' },
  ...Object.entries(EXAM_MARK_STATUS_LABELS).map(([value, label]) => ({ value, label })),
];

/** 考生: an exam's list with scores and what can be done to it, and its 统计分析 tab. */
export function TeacherExaminerPage({ examId, tab }: { examId: string; tab: ExaminerTab }) {
  const navigate = useNavigate();
  const { data: exam } = useSuspenseQuery(examDetailQuery(examId));
  return (
    <Container size="xl" py="md">
      <Stack gap="lg">
        <div>
          <Anchor
            size="sm"
            c="dimmed"
            renderRoot={(props) => <Link {...props} to={EXAM_TEACHER_PATHS.list} />}
          >
            <Group gap={4} component="span">
              <IconArrowLeft size={14} aria-hidden />
              返回考试管理
            </Group>
          </Anchor>
          <Group gap="sm" mt="xs">
            <Title order={1} fz="h2">
              {exam.examName}
            </Title>
            <Badge variant="light" color={exam.upDownStatus === 1 ? 'teal' : 'gray'} radius="sm">
              {EXAM_UP_DOWN_STATUS_LABELS[exam.upDownStatus]}
            </Badge>
            <Badge variant="dot" radius="sm">
              {EXAM_PHASE_LABELS[exam.phase]}
            </Badge>
          </Group>
          <Text size="sm" c="dimmed" mt={4}>
            编号 {exam.examNumber} · {formatInstant(exam.startTime)} 至 {formatInstant(exam.endTime)} · 时长{' '}
            {exam.duration} 分钟 · 满分 {exam.totalScore}，及格 {exam.passScore}
          </Text>
        </div>
        <Tabs
          value={tab}
          onChange={(value) =>
            void navigate({
              to: EXAM_TEACHER_PATHS.examiners,
              params: { examId },
              search: value === 'stats' ? { tab: 'stats' } : {},
              replace: true,
            })
          }
          keepMounted={false}
        >
          <Tabs.List>
            <Tabs.Tab value="list">考生名单</Tabs.Tab>
            <Tabs.Tab value="stats">统计分析</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="list" pt="md">
            <ExaminerList
              examId={examId}
              examName={exam.examName}
              totalScore={exam.totalScore}
              ended={exam.phase === 2}
            />
          </Tabs.Panel>
          <Tabs.Panel value="stats" pt="md">
            <TeacherExamStats examId={examId} passScore={exam.passScore} />
          </Tabs.Panel>
        </Tabs>
      </Stack>
    </Container>
  );
}

function ExaminerList({
  examId,
  examName,
  totalScore,
  ended,
}: {
  examId: string;
  examName: string;
  totalScore: number;
  ended: boolean;
}) {
  const schoolId = useSchoolId();
  const session = useSessionApi();
  const [search, setSearch] = useState('');
  const [keyword] = useDebouncedValue(search.trim(), 300);
  const [attend, setAttend] = useState('all');
  const [mark, setMark] = useState('all');
  const filter = [keyword, attend, mark].join('\n');
  const [page, setPage] = useState({ filter, index: 1 });
  const pageIndex = page.filter === filter ? page.index : 1;
  const list = useQuery(
    examinersQuery({
      examId,
      keyword: keyword || undefined,
      attendStatus: attend === 'all' ? undefined : (Number(attend) as 0 | 1 | 2 | 3),
      markStatus: mark === 'all' ? undefined : (Number(mark) as 0 | 1),
      pageIndex,
    }),
  );
  const [adding, setAdding] = useState(false);
  const [importing, setImporting] = useState(false);
  const [extending, setExtending] = useState<Examiner | null>(null);
  const { mutate: remove } = useMutation(removeExaminersMutation());
  const exporting = useMutation({
    ...exportExaminersMutation(() => session.auth()),
    onSuccess: (name) => notifications.show({ color: 'teal', message: `已下载：${name}` }),
  });

  const columns = useMemo(() => {
    const confirmRemove = (examiner: Examiner) =>
      openConfirmModal({
        title: '移除考生',
        centered: true,
        children: (
          <Text size="sm">
            把 {examiner.studentName}（{examiner.studentNumber}）移出考试名单？已进入考试的考生不能移除。
          </Text>
        ),
        labels: { confirm: '移除', cancel: '取消' },
        confirmProps: { color: 'red' },
        onConfirm: () =>
          remove(
            { examId, userIds: [examiner.userId] },
            {
              onSuccess: () =>
                notifications.show({ color: 'teal', message: `已移除 ${examiner.studentName}` }),
            },
          ),
      });
    return column.columns([
      column.accessor('studentNumber', { header: '学号', enableSorting: false, meta: { width: 130 } }),
      column.accessor('studentName', { header: '姓名', enableSorting: false, meta: { width: 100 } }),
      column.accessor('className', { header: '行政班', enableSorting: false }),
      column.accessor('attendStatus', {
        header: '参考状态',
        enableSorting: false,
        meta: { width: 90 },
        cell: ({ getValue }) => (
          <Badge variant="light" color={ATTEND_COLORS[getValue()]} radius="sm">
            {EXAM_ATTEND_STATUS_LABELS[getValue()]}
          </Badge>
        ),
      }),
      column.accessor('score', {
        header: '得分',
        enableSorting: false,
        meta: { width: 110, align: 'right' },
        cell: ({ row }) =>
          row.original.attendStatus === 2 ? (
            <Stack gap={0} align="flex-end">
              <Text size="sm">
                {formatScore(row.original.score)} / {totalScore}
              </Text>
              <Text size="xs" c={row.original.markStatus === 1 ? 'dimmed' : 'orange'}>
                {EXAM_MARK_STATUS_LABELS[row.original.markStatus]}
              </Text>
            </Stack>
          ) : (
            <Text size="sm" c="dimmed">
              —
            </Text>
          ),
      }),
      column.accessor('extraMinutes', {
        header: '延长时间',
        enableSorting: false,
        meta: { width: 90, align: 'right' },
        cell: ({ getValue }) => (getValue() > 0 ? `${getValue()} 分钟` : '—'),
      }),
      column.accessor('submitTime', {
        header: '交卷时间',
        enableSorting: false,
        meta: { width: 140 },
        cell: ({ getValue }) => formatInstant(getValue()),
      }),
      column.display({
        id: 'actions',
        header: '操作',
        meta: { width: 130, align: 'right' },
        cell: ({ row }) => {
          const examiner = row.original;
          return (
            <Group gap={4} justify="flex-end" wrap="nowrap">
              <Hint label={examiner.attendStatus === 2 ? '阅卷' : '查看答卷'}>
                <ActionIcon
                  variant="subtle"
                  aria-label={`阅卷 ${examiner.studentName}`}
                  renderRoot={(props) => (
                    <Link
                      {...props}
                      to={EXAM_TEACHER_PATHS.grading}
                      params={{ examId, userId: examiner.userId }}
                    />
                  )}
                >
                  {examiner.attendStatus === 2 ? (
                    <IconPencilCheck size={18} aria-hidden />
                  ) : (
                    <IconEdit size={18} aria-hidden />
                  )}
                </ActionIcon>
              </Hint>
              <Hint label="延长时间">
                <ActionIcon
                  variant="subtle"
                  aria-label={`为 ${examiner.studentName} 延长时间`}
                  disabled={examiner.attendStatus >= 2}
                  onClick={() => setExtending(examiner)}
                >
                  <IconClockPlus size={18} aria-hidden />
                </ActionIcon>
              </Hint>
              <Hint label="移出名单">
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={`移除 ${examiner.studentName}`}
                  disabled={examiner.attendStatus !== 0}
                  onClick={() => confirmRemove(examiner)}
                >
                  <IconTrash size={18} aria-hidden />
                </ActionIcon>
              </Hint>
            </Group>
          );
        },
      }),
    ]);
  }, [examId, totalScore, remove]);

  const rows = list.data?.list;
  const data = useMemo(() => rows ?? [], [rows]);
  const filtered = keyword !== '' || attend !== 'all' || mark !== 'all';

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Group gap="sm" align="flex-end" wrap="wrap">
          <TextInput
            label="考生"
            placeholder="按姓名或学号搜索"
            aria-label="按姓名或学号搜索"
            leftSection={<IconSearch size={16} aria-hidden />}
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
            w={200}
          />
          <Select
            label="参考状态"
            data={ATTEND_CHOICES}
            value={attend}
            onChange={(value) => setAttend(value ?? 'all')}
            allowDeselect={false}
            w={120}
            comboboxProps={{ withinPortal: true }}
          />
          <Select
            label="评分状态"
            data={MARK_CHOICES}
            value={mark}
            onChange={(value) => setMark(value ?? 'all')}
            allowDeselect={false}
            w={120}
            comboboxProps={{ withinPortal: true }}
          />
        </Group>
        <Group gap="sm">
          <Button
            variant="default"
            leftSection={<IconDownload size={16} aria-hidden />}
            loading={exporting.isPending}
            onClick={() => exporting.mutate({ examId, examName })}
          >
            导出成绩
          </Button>
          <Button
            variant="default"
            leftSection={<IconFileImport size={16} aria-hidden />}
            disabled={ended}
            onClick={() => setImporting(true)}
          >
            导入考生
          </Button>
          <Button
            leftSection={<IconUserPlus size={16} aria-hidden />}
            disabled={ended}
            onClick={() => setAdding(true)}
          >
            添加考生
          </Button>
        </Group>
      </Group>

      <DataTable
        label="考生名单"
        columns={columns}
        data={data}
        getRowId={(row) => row.userId}
        rowHeight={56}
        {...tableQueryState(list)}
        empty={
          <EmptyState
            icon={<IconUsers size={28} aria-hidden />}
            variant="light"
            title={filtered ? '没有符合条件的考生' : '名单里还没有考生'}
            description={
              filtered ? '换个姓名、学号或状态再试试。' : '逐个添加或按模板导入学生；名单不为空才能发布考试。'
            }
          />
        }
        pagination={{
          page: pageIndex,
          pageSize: EXAMINER_PAGE_SIZE,
          total: list.data?.total ?? 0,
          onPageChange: (index) => setPage({ filter, index }),
        }}
      />
      <AddExaminersModal
        opened={adding}
        onClose={() => setAdding(false)}
        schoolId={schoolId}
        examId={examId}
      />
      <ImportExaminersModal opened={importing} onClose={() => setImporting(false)} examId={examId} />
      <ExtraTimeModal
        key={extending?.userId ?? 'none'}
        examId={examId}
        examiner={extending}
        onClose={() => setExtending(null)}
      />
    </Stack>
  );
}
