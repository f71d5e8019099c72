import '@mantine/core/styles/Badge.layer.css';
import type { QuizStatus, QuizTeacherItem } from '@dfrm/sdk/tms';
import { ActionIcon, Anchor, Badge, EmptyState, Group, Menu, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import {
  IconChartBar,
  IconEdit,
  IconEye,
  IconFileSpreadsheet,
  IconKey,
  IconListCheck,
  IconPlayerStop,
  IconRefresh,
  IconSend,
  IconTrash,
} from '@tabler/icons-react';
import { useMutation, useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { DataTable } from '@/components/data-table/data-table';
import { dataTableColumnHelper } from '@/components/data-table/data-table-features';
import { tableQueryState } from '@/components/data-table/query-state';
import { RowMenu } from '@/components/data-table/row-menu';
import { Hint } from '@/components/hint/hint';
import { PageContainer } from '@/components/page/page-container';
import { CourseListHeader, ListAddLink, ListSearch } from '@/components/page/course-list-header';
import { SegmentedChoice } from '@/components/segmented-choice/segmented-choice';
import {
  deleteQuizMutation,
  distributeAnswersMutation,
  exportQuizRecordsMutation,
  setQuizStatusMutation,
} from '@/features/quiz/api/teacher-quiz-mutations';
import {
  quizCoursesQuery,
  TEACHER_QUIZ_PAGE_SIZE,
  teacherQuizListQuery,
} from '@/features/quiz/api/teacher-quiz-queries';
import { QuizPhaseBadge } from '@/features/quiz/components/teacher-quiz-phase';
import { QUIZ_TEACHER_PATHS } from '@/features/quiz/teacher-search';
import { formatInstant } from '@/shared/format';
import { openConfirmModal } from '@/shared/overlays';
import { useReturnHere } from '@/shared/return-to';
import { useSchoolId } from '@/shared/session/current-school-id';

const column = dataTableColumnHelper<QuizTeacherItem>();

const STATUS_CHOICES = [
  { value: 'all', label: '全部' },
  { value: '0', label: '草稿' },
  { value: '1', label: '已发布' },
  { value: '2', label: '已结束' },
] as const;

type StatusChoice = (typeof STATUS_CHOICES)[number]['value'];

const classNames = (quiz: QuizTeacherItem) => quiz.classes.map((item) => item.className).join('、');
const limitText = (minutes: number) => (minutes === 0 ? '不限时' : `限时 ${minutes} 分钟`);

export interface TeacherQuizListPageProps {
  courseId?: string | undefined;
  /** A tab of the class page, which names the course: no page heading and no course filter. */
  embedded?: boolean | undefined;
}

/** 测验: the teacher's quizzes of a course (or all), where each stands, and what can be done next. */
export function TeacherQuizListPage({ courseId, embedded = false }: TeacherQuizListPageProps) {
  const schoolId = useSchoolId();
  const navigate = useNavigate();
  const returnSearch = useReturnHere(embedded);
  const { data: courses } = useSuspenseQuery(quizCoursesQuery(schoolId));
  const [search, setSearch] = useState('');
  const [keyword] = useDebouncedValue(search.trim(), 300);
  const [status, setStatus] = useState<StatusChoice>('all');
  const filter = [courseId, keyword, status].join('\n');
  const [page, setPage] = useState({ filter, index: 1 });
  const pageIndex = page.filter === filter ? page.index : 1;
  const list = useQuery(
    teacherQuizListQuery({
      courseId,
      keyword: keyword || undefined,
      status: status === 'all' ? undefined : (Number(status) as QuizStatus),
      pageIndex,
    }),
  );
  // 未开始 / 进行中 are judged when the rows arrived
  const now = list.dataUpdatedAt;
  const { mutate: setQuizStatus } = useMutation(setQuizStatusMutation());
  const { mutate: distribute } = useMutation(distributeAnswersMutation());
  const { mutate: remove } = useMutation(deleteQuizMutation());
  const { mutate: exportRecords } = useMutation(exportQuizRecordsMutation());

  const columns = useMemo(() => {
    const changeStatus = (quiz: QuizTeacherItem, to: QuizStatus, done: string) =>
      setQuizStatus(
        { quizId: quiz.quizId, status: to },
        { onSuccess: () => notifications.show({ color: 'teal', message: done }) },
      );
    const confirmPublish = (quiz: QuizTeacherItem) =>
      openConfirmModal({
        title: '发布测验',
        centered: true,
        children: (
          <Stack gap="xs">
            <Text size="sm">
              发布后，下列教学班的学生可以在 {formatInstant(quiz.startTime)} 至 {formatInstant(quiz.endTime)}{' '}
              之间作答“{quiz.quizName}”：
            </Text>
            <Text size="sm" fw={500}>
              {classNames(quiz)}
            </Text>
          </Stack>
        ),
        labels: { confirm: '发布', cancel: '取消' },
        onConfirm: () => changeStatus(quiz, 1, '测验已发布'),
      });
    const confirmEnd = (quiz: QuizTeacherItem) =>
      openConfirmModal({
        title: '结束测验',
        centered: true,
        children: (
          <Text size="sm">
            结束后学生不能再开始作答“{quiz.quizName}
            ”，正在作答的答卷按已保存的答案立即交卷。之后可以分发答案。
          </Text>
        ),
        labels: { confirm: '结束', cancel: '取消' },
        confirmProps: { color: 'orange' },
        onConfirm: () => changeStatus(quiz, 2, '测验已结束'),
      });
    const confirmReopen = (quiz: QuizTeacherItem) =>
      openConfirmModal({
        title: '重新开放测验',
        centered: true,
        children: (
          <Text size="sm">
            重新开放后，还没有交卷的学生可以继续作答“{quiz.quizName}”，直到截止时间{' '}
            {formatInstant(quiz.endTime)}。截止时间已过的测验请先在编辑页把截止时间改到现在之后。
          </Text>
        ),
        labels: { confirm: '重新开放', cancel: '取消' },
        onConfirm: () => changeStatus(quiz, 1, '测验已重新开放'),
      });
    const confirmDistribute = (quiz: QuizTeacherItem) =>
      openConfirmModal({
        title: '分发答案',
        centered: true,
        children: (
          <Stack gap="xs">
            <Text size="sm">分发后，“{quiz.quizName}”的学生在成绩页能看到每道题的标准答案和解析。</Text>
            <Text size="sm" fw={500}>
              分发不能撤回，测验也不能再重新开放。
            </Text>
          </Stack>
        ),
        labels: { confirm: '分发答案', cancel: '取消' },
        onConfirm: () =>
          distribute(quiz.quizId, {
            onSuccess: () => notifications.show({ color: 'teal', message: '答案已分发给学生' }),
          }),
      });
    const confirmDelete = (quiz: QuizTeacherItem) =>
      openConfirmModal({
        title: '删除测验',
        centered: true,
        children: (
          <Text size="sm">
            确定删除“{quiz.quizName}
            ”吗？测验的题目和学生的全部答卷一并删除，不能恢复。进行中且已有学生交卷的测验须先结束。
          </Text>
        ),
        labels: { confirm: '删除', cancel: '取消' },
        confirmProps: { color: 'red' },
        onConfirm: () =>
          remove(quiz.quizId, {
            onSuccess: () => notifications.show({ color: 'teal', message: '测验已删除' }),
          }),
      });
    const startExport = (quiz: QuizTeacherItem) =>
      exportRecords(
        { quizId: quiz.quizId, fallbackName: `${quiz.quizName}-作答记录.xlsx` },
        { onSuccess: (name) => notifications.show({ color: 'teal', message: `已导出：${name}` }) },
      );

    return column.columns([
      column.accessor('quizName', {
        header: '名称',
        enableSorting: false,
        cell: ({ row }) => (
          <div>
            <Anchor
              size="sm"
              fw={500}
              lineClamp={2}
              style={{ whiteSpace: 'normal' }}
              renderRoot={(props) => (
                <Link {...props} to={QUIZ_TEACHER_PATHS.statistics} search={{ id: row.original.quizId }} />
              )}
            >
              {row.original.quizName}
            </Anchor>
            <Text size="xs" c="dimmed">
              {row.original.questionCount} 题 · {row.original.totalScore} 分 ·{' '}
              {limitText(row.original.durationMinutes)}
            </Text>
          </div>
        ),
      }),
      column.accessor('courseName', { header: '课程', enableSorting: false, meta: { width: 110 } }),
      column.accessor('classes', {
        header: '教学班',
        enableSorting: false,
        meta: { width: 130 },
        cell: ({ row }) => (
          <Text size="sm" lineClamp={2} style={{ whiteSpace: 'normal' }}>
            {classNames(row.original)}
          </Text>
        ),
      }),
      column.accessor('endTime', {
        header: '作答时间',
        enableSorting: false,
        meta: { width: 160 },
        cell: ({ row }) => (
          <div>
            <Text size="xs" c="dimmed">
              开始 {formatInstant(row.original.startTime)}
            </Text>
            <Text size="sm">截止 {formatInstant(row.original.endTime)}</Text>
          </div>
        ),
      }),
      column.accessor('status', {
        header: '状态',
        enableSorting: false,
        meta: { width: 96 },
        cell: ({ row }) => (
          <Stack gap={4} align="flex-start">
            <QuizPhaseBadge quiz={row.original} now={now} />
            {row.original.answersDistributed ? (
              <Badge variant="outline" color="teal" radius="sm" size="xs">
                答案已分发
              </Badge>
            ) : null}
          </Stack>
        ),
      }),
      column.accessor('submittedCount', {
        header: '已交卷',
        enableSorting: false,
        meta: { width: 70, align: 'right' },
        cell: ({ row }) =>
          row.original.status === 0 ? (
            <Text size="sm" c="dimmed">
              —
            </Text>
          ) : (
            <Text size="sm">{row.original.submittedCount}</Text>
          ),
      }),
      column.display({
        id: 'actions',
        header: '操作',
        meta: { width: 150, align: 'right' },
        cell: ({ row }) => {
          const quiz = row.original;
          const ended = quiz.status === 2;
          return (
            <Group gap={4} justify="flex-end" wrap="nowrap">
              <Hint label="编辑测验">
                <ActionIcon
                  variant="subtle"
                  aria-label={`编辑 ${quiz.quizName}`}
                  renderRoot={(props) => (
                    <Link
                      {...props}
                      to={QUIZ_TEACHER_PATHS.manage}
                      search={{ id: quiz.quizId, ...returnSearch }}
                    />
                  )}
                >
                  <IconEdit size={18} aria-hidden />
                </ActionIcon>
              </Hint>
              {quiz.status === 0 ? (
                <Hint label="发布测验">
                  <ActionIcon
                    variant="subtle"
                    color="teal"
                    aria-label={`发布 ${quiz.quizName}`}
                    onClick={() => confirmPublish(quiz)}
                  >
                    <IconSend size={18} aria-hidden />
                  </ActionIcon>
                </Hint>
              ) : quiz.status === 1 ? (
                <Hint label="结束测验">
                  <ActionIcon
                    variant="subtle"
                    color="orange"
                    aria-label={`结束 ${quiz.quizName}`}
                    onClick={() => confirmEnd(quiz)}
                  >
                    <IconPlayerStop size={18} aria-hidden />
                  </ActionIcon>
                </Hint>
              ) : quiz.answersDistributed ? (
                // keeps the column's width: the row's actions stay where the eye expects them
                <ActionIcon variant="subtle" aria-label={`${quiz.quizName} 的答案已分发`} disabled>
                  <IconKey size={18} aria-hidden />
                </ActionIcon>
              ) : (
                <Hint label="分发答案">
                  <ActionIcon
                    variant="subtle"
                    color="teal"
                    aria-label={`分发答案 ${quiz.quizName}`}
                    onClick={() => confirmDistribute(quiz)}
                  >
                    <IconKey size={18} aria-hidden />
                  </ActionIcon>
                </Hint>
              )}
              <Hint label="统计">
                <ActionIcon
                  variant="subtle"
                  aria-label={`${quiz.quizName} 的统计`}
                  renderRoot={(props) => (
                    <Link {...props} to={QUIZ_TEACHER_PATHS.statistics} search={{ id: quiz.quizId }} />
                  )}
                >
                  <IconChartBar size={18} aria-hidden />
                </ActionIcon>
              </Hint>
              <RowMenu
                label={`操作 ${quiz.quizName}`}
                items={() => (
                  <>
                    <Menu.Item
                      leftSection={<IconEye size={16} aria-hidden />}
                      renderRoot={(props) => (
                        <Link {...props} to={QUIZ_TEACHER_PATHS.preview} params={{ id: quiz.quizId }} />
                      )}
                    >
                      预览
                    </Menu.Item>
                    {ended && !quiz.answersDistributed ? (
                      <Menu.Item
                        leftSection={<IconRefresh size={16} aria-hidden />}
                        onClick={() => confirmReopen(quiz)}
                      >
                        重新开放
                      </Menu.Item>
                    ) : null}
                    <Menu.Item
                      leftSection={<IconFileSpreadsheet size={16} aria-hidden />}
                      disabled={quiz.status === 0}
                      onClick={() => startExport(quiz)}
                    >
                      导出成绩
                    </Menu.Item>
                    <Menu.Divider />
                    <Menu.Item
                      color="red"
                      leftSection={<IconTrash size={16} aria-hidden />}
                      onClick={() => confirmDelete(quiz)}
                    >
                      删除
                    </Menu.Item>
                  </>
                )}
              />
            </Group>
          );
        },
      }),
    ]);
  }, [now, returnSearch, setQuizStatus, distribute, remove, exportRecords]);

  const rows = list.data?.list;
  const data = useMemo(() => rows ?? [], [rows]);
  const filtered = keyword !== '' || status !== 'all';
  const addLink = (
    <ListAddLink to={QUIZ_TEACHER_PATHS.manage} courseId={courseId} returnSearch={returnSearch}>
      新建测验
    </ListAddLink>
  );

  return (
    <PageContainer embedded={embedded}>
      <Stack gap="lg">
        <CourseListHeader
          embedded={embedded}
          title={embedded ? '课程测验' : '随堂测验'}
          description="出题、发布给教学班、结束后分发答案，查看成绩统计。"
          courses={courses}
          courseId={courseId}
          onCourseChange={(value) =>
            void navigate({ to: QUIZ_TEACHER_PATHS.list, search: value ? { courseId: value } : {} })
          }
          action={addLink}
        />

        <Group gap="sm" align="flex-end" wrap="wrap">
          <ListSearch label="名称" placeholder="按名称搜索" value={search} onChange={setSearch} />
          <div>
            <Text size="sm" fw={500} mb={4} aria-hidden>
              状态
            </Text>
            <SegmentedChoice label="按状态筛选" data={STATUS_CHOICES} value={status} onChange={setStatus} />
          </div>
        </Group>

        <DataTable
          label="测验列表"
          columns={
            embedded || courseId
              ? columns.filter((item) => !('accessorKey' in item && item.accessorKey === 'courseName'))
              : columns
          }
          data={data}
          getRowId={(row) => row.quizId}
          rowHeight={64}
          {...tableQueryState(list)}
          empty={
            <EmptyState
              icon={<IconListCheck size={28} aria-hidden />}
              variant="light"
              title={filtered ? '没有符合条件的测验' : '还没有测验'}
              description={
                filtered
                  ? '换个名称或状态再试试。'
                  : courses.length === 0
                    ? '先创建课程，再为课程出测验。'
                    : '点击“新建测验”，给教学班出第一份随堂测验。'
              }
            >
              {filtered || courses.length === 0 ? null : <EmptyState.Actions>{addLink}</EmptyState.Actions>}
            </EmptyState>
          }
          pagination={{
            page: pageIndex,
            pageSize: TEACHER_QUIZ_PAGE_SIZE,
            total: list.data?.total ?? 0,
            onPageChange: (index) => setPage({ filter, index }),
          }}
        />
      </Stack>
    </PageContainer>
  );
}
