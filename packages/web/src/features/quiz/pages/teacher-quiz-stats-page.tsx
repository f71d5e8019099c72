import '@mantine/core/styles/Badge.layer.css';
import '@mantine/core/styles/Combobox.layer.css';
import '@mantine/core/styles/Popover.layer.css';
import type { QuizStatisticsV2, QuizStudentRecordV2 } from '@dfrm/sdk/tms';
import {
  Anchor,
  Badge,
  Button,
  Checkbox,
  Container,
  EmptyState,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconFileSpreadsheet, IconSearch, IconUsers } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import type { SortingState } from '@tanstack/react-table';
import { Link } from '@tanstack/react-router';
import { type ReactNode, useMemo, useState } from 'react';
import { DataTable } from '@/components/data-table/data-table';
import { dataTableColumnHelper } from '@/components/data-table/data-table-features';
import { tableQueryState } from '@/components/data-table/query-state';
import { exportQuizRecordsMutation } from '@/features/quiz/api/teacher-quiz-mutations';
import {
  QUIZ_RECORD_PAGE_SIZE,
  type QuizRecordSortField,
  quizRecordsQuery,
  quizStatisticsQuery,
} from '@/features/quiz/api/teacher-quiz-queries';
import { TeacherBarTable } from '@/features/quiz/components/teacher-bar-table';
import { BackAnchor, QuizLoadFailure } from '@/features/quiz/components/teacher-page-frame';
import { TeacherQuizStatsSkeleton } from '@/features/quiz/pages/teacher-quiz-skeletons';
import { durationText } from '@/features/quiz/pages/teacher-quiz-review-page';
import { QUIZ_TEACHER_PATHS } from '@/features/quiz/teacher-search';
import { formatInstant } from '@/shared/format';
import { QUIZ_PAPER_STATUS_LABELS, QUIZ_QUESTION_TYPE_LABELS } from '@/shared/labels';

const column = dataTableColumnHelper<QuizStudentRecordV2>();
const SORT_FIELDS: readonly string[] = [
  'studentNumber',
  'score',
  'submittedAt',
] satisfies QuizRecordSortField[];

const orNone = (value: number | null, suffix = '') => (value === null ? '—' : `${value}${suffix}`);

const listBack = (props: Record<string, unknown>) => <Link {...props} to={QUIZ_TEACHER_PATHS.list} />;

/** One quiz's figures (all classes or one), its questions' correct rates and every student's record. */
export function TeacherQuizStatsPage({ quizId }: { quizId: string | undefined }) {
  const [classId, setClassId] = useState<string | undefined>(undefined);
  const stats = useQuery({ ...quizStatisticsQuery(quizId ?? '', classId), enabled: quizId !== undefined });
  const back = <BackAnchor renderRoot={listBack}>返回测验列表</BackAnchor>;
  if (quizId === undefined)
    return <QuizLoadFailure what="测验" error={null} onRetry={() => {}} back={back} />;
  if (stats.isPending) return <TeacherQuizStatsSkeleton />;
  if (stats.isError) {
    return (
      <QuizLoadFailure what="测验" error={stats.error} onRetry={() => void stats.refetch()} back={back} />
    );
  }
  return (
    <Container size="xl" py="md">
      <Stack gap="lg">
        <StatsHeader stats={stats.data} classId={classId} onClassChange={setClassId} back={back} />
        <Figures stats={stats.data} />
        <ClassRows stats={stats.data} />
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <Paper withBorder radius="lg" p="lg" component="section" aria-label="分数分布">
            <TeacherBarTable
              caption="分数分布（已交卷）"
              headers={['得分率', '人数']}
              max={Math.max(1, ...stats.data.scoreDistribution.map((band) => band.count))}
              rows={stats.data.scoreDistribution.map((band) => ({
                key: band.label,
                label: band.label,
                value: band.count,
                text: `${band.count} 人`,
              }))}
            />
          </Paper>
          <Paper withBorder radius="lg" p="lg" component="section" aria-label="逐题正确率">
            {stats.data.questions.length === 0 ? (
              <Text size="sm" c="dimmed">
                这份测验没有题目。
              </Text>
            ) : (
              <TeacherBarTable
                caption="逐题正确率"
                headers={['题号', '题型', '答对', '正确率']}
                max={100}
                rows={stats.data.questions.map((question) => ({
                  key: question.quId,
                  label: `第 ${question.sortNo} 题`,
                  cells: [
                    QUIZ_QUESTION_TYPE_LABELS[question.type],
                    `${question.correctCount} / ${stats.data.submittedCount}`,
                  ],
                  value: question.correctRate,
                  text: orNone(question.correctRate, '%'),
                }))}
              />
            )}
          </Paper>
        </SimpleGrid>
        <Records quizId={quizId} classId={classId} />
      </Stack>
    </Container>
  );
}

function StatsHeader({
  stats,
  classId,
  onClassChange,
  back,
}: {
  stats: QuizStatisticsV2;
  classId: string | undefined;
  onClassChange: (classId: string | undefined) => void;
  back: ReactNode;
}) {
  const { mutate: exportRecords, isPending: exporting } = useMutation(exportQuizRecordsMutation());
  return (
    <div>
      {back}
      <Group justify="space-between" align="flex-end" gap="md" mt="xs">
        <div>
          <Title order={1} fz="h2">
            {stats.quizName} · 统计
          </Title>
          <Text size="sm" c="dimmed" mt={4}>
            总分 {stats.totalScore} 分，共 {stats.questions.length} 题
          </Text>
        </div>
        <Group gap="sm" align="flex-end">
          <Select
            label="教学班"
            aria-label="按教学班查看"
            placeholder="全部教学班"
            clearable
            w={200}
            data={stats.classes.map((item) => ({ value: item.classId, label: item.className }))}
            value={classId ?? null}
            onChange={(value) => onClassChange(value ?? undefined)}
            comboboxProps={{ withinPortal: true }}
          />
          <Button
            variant="default"
            leftSection={<IconFileSpreadsheet size={16} aria-hidden />}
            loading={exporting}
            onClick={() =>
              exportRecords(
                { quizId: stats.quizId, classId, fallbackName: `${stats.quizName}-作答记录.xlsx` },
                { onSuccess: (name) => notifications.show({ color: 'teal', message: `已导出：${name}` }) },
              )
            }
          >
            导出成绩
          </Button>
        </Group>
      </Group>
    </div>
  );
}

function Figures({ stats }: { stats: QuizStatisticsV2 }) {
  const facts: [string, string][] = [
    ['应答人数', `${stats.studentCount}`],
    ['已交卷', `${stats.submittedCount}`],
    ['答题中', `${stats.inProgressCount}`],
    ['未开始', `${stats.notStartedCount}`],
    ['平均分', orNone(stats.averageScore)],
    ['最高 / 最低分', stats.maxScore === null ? '—' : `${stats.maxScore} / ${stats.minScore ?? '—'}`],
    ['及格率', orNone(stats.passRate, '%')],
  ];
  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-label="成绩概况">
      <SimpleGrid cols={{ base: 2, sm: 4, md: 7 }} spacing="sm">
        {facts.map(([label, value]) => (
          <div key={label}>
            <Text size="xs" c="dimmed">
              {label}
            </Text>
            <Text fw={650} size="lg">
              {value}
            </Text>
          </div>
        ))}
      </SimpleGrid>
    </Paper>
  );
}

function ClassRows({ stats }: { stats: QuizStatisticsV2 }) {
  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="quiz-class-rows">
      <Title order={2} fz="h5" id="quiz-class-rows" mb="xs">
        各教学班
      </Title>
      <Table.ScrollContainer minWidth={480}>
        <Table verticalSpacing={6} aria-labelledby="quiz-class-rows">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>教学班</Table.Th>
              <Table.Th ta="right">应答人数</Table.Th>
              <Table.Th ta="right">已交卷</Table.Th>
              <Table.Th ta="right">平均分</Table.Th>
              <Table.Th ta="right">最高分</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {stats.classes.map((item) => (
              <Table.Tr key={item.classId}>
                <Table.Th scope="row" fw={500}>
                  {item.className}
                </Table.Th>
                <Table.Td ta="right">{item.studentCount}</Table.Td>
                <Table.Td ta="right">{item.submittedCount}</Table.Td>
                <Table.Td ta="right">{orNone(item.averageScore)}</Table.Td>
                <Table.Td ta="right">{orNone(item.maxScore)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}

function Records({ quizId, classId }: { quizId: string; classId: string | undefined }) {
  const [search, setSearch] = useState('');
  const [keyword] = useDebouncedValue(search.trim(), 300);
  const [notStartedOnly, setNotStartedOnly] = useState(false);
  const [sorting, setSorting] = useState<SortingState>([]);
  const sort = sorting[0] && SORT_FIELDS.includes(sorting[0].id) ? sorting[0] : undefined;
  const filter = [classId, keyword, notStartedOnly, sort?.id, sort?.desc].join('\n');
  const [page, setPage] = useState({ filter, index: 1 });
  const pageIndex = page.filter === filter ? page.index : 1;
  const records = useQuery(
    quizRecordsQuery({
      quizId,
      classId,
      keyword: keyword || undefined,
      notStartedOnly,
      sortBy: (sort?.id as QuizRecordSortField | undefined) ?? 'studentNumber',
      sortOrder: sort ? (sort.desc ? 'desc' : 'asc') : undefined,
      pageIndex,
    }),
  );

  const columns = useMemo(
    () =>
      column.columns([
        column.accessor((row) => row.student.studentNumber, {
          id: 'studentNumber',
          header: '学号',
          meta: { width: 110 },
        }),
        column.accessor((row) => row.student.studentName, {
          id: 'studentName',
          header: '姓名',
          enableSorting: false,
          meta: { width: 90 },
        }),
        column.accessor((row) => row.student.className, {
          id: 'className',
          header: '班级',
          enableSorting: false,
          meta: { width: 130 },
          cell: ({ getValue }) => (
            <Text size="sm" lineClamp={2} style={{ whiteSpace: 'normal' }}>
              {getValue()}
            </Text>
          ),
        }),
        column.accessor('paperStatus', {
          header: '状态',
          enableSorting: false,
          meta: { width: 84 },
          cell: ({ getValue }) => {
            const status = getValue();
            return (
              <Badge
                variant="light"
                radius="sm"
                color={status === null ? 'gray' : status === 0 ? 'blue' : 'teal'}
              >
                {status === null ? '未开始' : QUIZ_PAPER_STATUS_LABELS[status]}
              </Badge>
            );
          },
        }),
        column.accessor('score', {
          header: '得分',
          meta: { width: 70, align: 'right' },
          cell: ({ getValue }) => orNone(getValue()),
        }),
        column.accessor('correctCount', {
          header: '答对',
          enableSorting: false,
          meta: { width: 60, align: 'right' },
          cell: ({ getValue }) => orNone(getValue()),
        }),
        column.accessor('rank', {
          header: '班内名次',
          enableSorting: false,
          meta: { width: 80, align: 'right' },
          cell: ({ getValue }) => orNone(getValue()),
        }),
        column.accessor('submittedAt', {
          header: '交卷时间',
          meta: { width: 140 },
          cell: ({ getValue }) => formatInstant(getValue(), '—'),
        }),
        column.accessor('durationSeconds', {
          header: '用时',
          enableSorting: false,
          meta: { width: 90 },
          cell: ({ getValue }) => durationText(getValue()),
        }),
        column.display({
          id: 'paper',
          header: '答卷',
          meta: { width: 80, align: 'right' },
          cell: ({ row }) =>
            row.original.paperId && row.original.paperStatus !== 0 ? (
              <Anchor
                size="sm"
                aria-label={`查看 ${row.original.student.studentName} 的答卷`}
                renderRoot={(props) => (
                  <Link
                    {...props}
                    to={QUIZ_TEACHER_PATHS.review}
                    params={{ paperId: row.original.paperId! }}
                  />
                )}
              >
                查看
              </Anchor>
            ) : (
              <Text size="sm" c="dimmed">
                —
              </Text>
            ),
        }),
      ]),
    [],
  );

  const rows = records.data?.list;
  const data = useMemo(() => rows ?? [], [rows]);
  const filtered = keyword !== '' || notStartedOnly;
  return (
    <Stack gap="sm" component="section" aria-labelledby="quiz-records-title">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Title order={2} fz="h4" id="quiz-records-title">
          学生作答记录
        </Title>
        <Group gap="sm" align="flex-end">
          <TextInput
            label="学生"
            placeholder="姓名或学号"
            aria-label="按姓名或学号搜索"
            leftSection={<IconSearch size={16} aria-hidden />}
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
            w={200}
          />
          <Checkbox
            label="只看未开始"
            checked={notStartedOnly}
            onChange={(event) => setNotStartedOnly(event.currentTarget.checked)}
            mb={8}
          />
        </Group>
      </Group>
      <DataTable
        label="学生作答记录"
        columns={columns}
        data={data}
        getRowId={(row) => row.student.userId}
        rowHeight={48}
        manualSorting
        sorting={sorting}
        onSortingChange={setSorting}
        {...tableQueryState(records)}
        empty={
          <EmptyState
            icon={<IconUsers size={28} aria-hidden />}
            variant="light"
            title={filtered ? '没有符合条件的学生' : '测验的教学班还没有学生'}
            description={
              filtered ? '换个姓名、学号或条件再试试。' : '教学班有学生后，这里列出每个人的作答情况。'
            }
          />
        }
        pagination={{
          page: pageIndex,
          pageSize: QUIZ_RECORD_PAGE_SIZE,
          total: records.data?.total ?? 0,
          onPageChange: (index) => setPage({ filter, index }),
        }}
      />
    </Stack>
  );
}
