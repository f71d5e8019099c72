import '@mantine/core/styles/Badge.layer.css';
import '@mantine/core/styles/Combobox.layer.css';
import '@mantine/core/styles/Popover.layer.css';
import type { CourseWorkGroupMode, CourseWorkSummary } from '@dfrm/sdk/tms';
import { ActionIcon, Anchor, Badge, EmptyState, Group, Select, Stack, Text } from '@mantine/core';
import { PageContainer } from '@/components/page/page-container';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import {
  IconArrowBackUp,
  IconChecklist,
  IconClipboardList,
  IconEdit,
  IconSend,
  IconTrash,
} from '@tabler/icons-react';
import { useMutation, useQuery, useSuspenseQuery } from '@tanstack/react-query';
import type { SortingState } from '@tanstack/react-table';
import { Link, useNavigate } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { DataTable } from '@/components/data-table/data-table';
import { dataTableColumnHelper } from '@/components/data-table/data-table-features';
import { tableQueryState } from '@/components/data-table/query-state';
import { Hint } from '@/components/hint/hint';
import { CourseListHeader, ListAddLink, ListSearch } from '@/components/page/course-list-header';
import { SegmentedChoice } from '@/components/segmented-choice/segmented-choice';
import {
  deleteCourseWorkMutation,
  setWorkPublishedMutation,
} from '@/features/homework/api/teacher-work-mutations';
import {
  homeworkCoursesQuery,
  TEACHER_WORK_PAGE_SIZE,
  type TeacherWorkSortField,
  type TeacherWorkState,
  teacherWorkListQuery,
} from '@/features/homework/api/teacher-work-queries';
import { HOMEWORK_PATHS } from '@/features/homework/homework-paths';
import { formatInstant } from '@/shared/format';
import { COURSE_WORK_SCORE_STATUS_LABELS } from '@/shared/labels';
import { openConfirmModal } from '@/shared/overlays';
import { useReturnHere } from '@/shared/return-to';
import { useSchoolId } from '@/shared/session/current-school-id';
import type { TeachingArea } from '@/shared/teaching-area';

const column = dataTableColumnHelper<CourseWorkSummary>();
const SORT_FIELDS: readonly string[] = ['updatedAt', 'startTime', 'endTime'] satisfies TeacherWorkSortField[];

/** Inside a class page, or filtered to one course, every row is of that course: the 课程 column would only repeat it. */
const withoutCourse = <T extends object>(columns: T[]) =>
  columns.filter((item) => !('accessorKey' in item && item.accessorKey === 'courseName'));

/** CourseWorkGroupMode in a word, as a narrow column shows it. */
const GROUP_MODE_SHORT: Record<CourseWorkGroupMode, string> = { 0: '个人', 1: '小组' };

const STATE_CHOICES = [
  { value: 'all', label: '全部' },
  { value: 'draft', label: '草稿' },
  { value: 'open', label: '进行中' },
  { value: 'closed', label: '已截止' },
] as const satisfies readonly { value: TeacherWorkState | 'all'; label: string }[];

const SCORE_CHOICES = [
  { value: 'all', label: '全部' },
  { value: '0', label: COURSE_WORK_SCORE_STATUS_LABELS[0] },
  { value: '1', label: COURSE_WORK_SCORE_STATUS_LABELS[1] },
];

/** Where a work stands for its students right now. */
function workPhase(work: CourseWorkSummary, now: number): { label: string; color: string } {
  if (work.publishStatus === 0) return { label: '草稿', color: 'gray' };
  if (now < work.startTime) return { label: '未开始', color: 'blue' };
  if (now < work.endTime) return { label: '进行中', color: 'teal' };
  return { label: '已截止', color: 'orange' };
}

/** Students (or teams of a group work) whose work is with the teacher: waiting to be graded or graded. */
const handedIn = (work: CourseWorkSummary) => work.finish.submittedCount + work.finish.correctedCount;
const audience = (work: CourseWorkSummary) => (work.groupMode === 1 ? '个小组' : '名学生');
const classNames = (work: CourseWorkSummary) => work.teachingClasses.map((item) => item.className);

/** A figure a draft does not have yet. */
function Dash() {
  return (
    <Text size="sm" c="dimmed">
      —
    </Text>
  );
}

export interface TeacherWorkListPageProps {
  area: TeachingArea;
  courseId?: string | undefined;
  /** A tab of the class page, which names the course: no page heading and no course filter. */
  embedded?: boolean | undefined;
}

/** 作业管理: the teacher's works (drafts too) with where they stand, hand-ins and grading at a glance. */
export function TeacherWorkListPage({ area, courseId, embedded = false }: TeacherWorkListPageProps) {
  const schoolId = useSchoolId();
  const paths = HOMEWORK_PATHS[area];
  const navigate = useNavigate();
  // Inside a class page the form leads back there, to this tab.
  const returnSearch = useReturnHere(embedded);
  const { data: courses } = useSuspenseQuery(homeworkCoursesQuery(schoolId));
  const [search, setSearch] = useState('');
  const [keyword] = useDebouncedValue(search.trim(), 300);
  // open and closed are judged at the moment the filter was chosen, so the list holds still
  const [state, setState] = useState<{ value: TeacherWorkState | 'all'; at: number | undefined }>({
    value: 'all',
    at: undefined,
  });
  const [scoreStatus, setScoreStatus] = useState<'all' | '0' | '1'>('all');
  const [sorting, setSorting] = useState<SortingState>([]);
  const sort = sorting[0] && SORT_FIELDS.includes(sorting[0].id) ? sorting[0] : undefined;
  const filter = [courseId, keyword, state.value, state.at, scoreStatus, sort?.id, sort?.desc].join('\n');
  const [page, setPage] = useState({ filter, index: 1 });
  // A new filter or order starts at its first page.
  const pageIndex = page.filter === filter ? page.index : 1;
  const list = useQuery(
    teacherWorkListQuery({
      schoolId,
      courseId,
      keyword: keyword || undefined,
      state: state.value === 'all' ? undefined : state.value,
      at: state.at,
      scoreStatus: scoreStatus === 'all' ? undefined : (Number(scoreStatus) as 0 | 1),
      pageIndex,
      sortBy: sort?.id as TeacherWorkSortField | undefined,
      sortOrder: sort ? (sort.desc ? 'desc' : 'asc') : undefined,
    }),
  );
  // The status column's clock: when the rows arrived (a deadline passing later shows on the next load).
  const now = list.dataUpdatedAt;
  // mutate functions are stable, so the columns are built once per course list and clock.
  const { mutate: remove } = useMutation(deleteCourseWorkMutation());
  const { mutate: setPublished } = useMutation(setWorkPublishedMutation());

  const columns = useMemo(() => {
    const confirmPublish = (work: CourseWorkSummary) =>
      openConfirmModal({
        title: '发布作业',
        centered: true,
        children: (
          <Stack gap="xs">
            <Text size="sm">发布后，下列教学班的学生会收到“{work.title}”，并在开始时间后作答：</Text>
            <Text size="sm" fw={500}>
              {classNames(work).join('、')}
            </Text>
          </Stack>
        ),
        labels: { confirm: '发布', cancel: '取消' },
        onConfirm: () =>
          setPublished(
            { schoolId, workId: work.workId, publishStatus: 1 },
            {
              onSuccess: (result) =>
                notifications.show({
                  color: 'teal',
                  message: `作业已发布给 ${result.studentWorkCount} ${audience(work)}`,
                }),
            },
          ),
      });
    const confirmWithdraw = (work: CourseWorkSummary) =>
      openConfirmModal({
        title: '撤回为草稿',
        centered: true,
        children: (
          <Text size="sm">
            撤回后学生将看不到“{work.title}”，可以修改后再发布。已有学生保存或提交过答案的作业不能撤回。
          </Text>
        ),
        labels: { confirm: '撤回', cancel: '取消' },
        onConfirm: () =>
          setPublished(
            { schoolId, workId: work.workId, publishStatus: 0 },
            { onSuccess: () => notifications.show({ color: 'teal', message: '作业已撤回为草稿' }) },
          ),
      });
    const confirmDelete = (work: CourseWorkSummary) =>
      openConfirmModal({
        title: '删除作业',
        centered: true,
        children: (
          <Text size="sm">
            确定删除“{work.title}
            ”吗？作业的附件和发给学生的作业一并删除，不能恢复。一旦有学生保存或提交过答案，作业就不能再删除。
          </Text>
        ),
        labels: { confirm: '删除', cancel: '取消' },
        confirmProps: { color: 'red' },
        onConfirm: () =>
          remove(
            { schoolId, workId: work.workId },
            { onSuccess: () => notifications.show({ color: 'teal', message: '作业已删除' }) },
          ),
      });

    return column.columns([
      column.accessor('title', {
        header: '标题',
        enableSorting: false,
        cell: ({ row }) => (
          <Anchor
            size="sm"
            fw={500}
            lineClamp={2}
            style={{ whiteSpace: 'normal' }}
            renderRoot={(props) => (
              <Link
                {...props}
                to={paths.edit}
                params={{ courseWorkId: row.original.workId }}
                search={returnSearch}
              />
            )}
          >
            {row.original.title}
          </Anchor>
        ),
      }),
      column.accessor('courseName', { header: '课程', enableSorting: false, meta: { width: 110 } }),
      column.accessor('groupMode', {
        header: '类型',
        enableSorting: false,
        meta: { width: 64 },
        cell: ({ getValue }) => GROUP_MODE_SHORT[getValue()],
      }),
      column.accessor('teachingClasses', {
        header: '教学班',
        enableSorting: false,
        meta: { width: 130 },
        cell: ({ row }) => (
          <Text size="sm" lineClamp={2} style={{ whiteSpace: 'normal' }}>
            {classNames(row.original).join('、')}
          </Text>
        ),
      }),
      column.accessor('endTime', {
        header: '开始/截止时间',
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
      column.accessor('publishStatus', {
        header: '状态',
        enableSorting: false,
        meta: { width: 80 },
        cell: ({ row }) => {
          const phase = workPhase(row.original, now);
          return (
            <Badge variant="light" color={phase.color} radius="sm">
              {phase.label}
            </Badge>
          );
        },
      }),
      column.display({
        id: 'handedIn',
        header: '提交',
        meta: { width: 70, align: 'right' },
        cell: ({ row }) =>
          row.original.publishStatus === 0 ? (
            <Dash />
          ) : (
            <Text size="sm">
              {handedIn(row.original)} / {row.original.finish.studentWorkCount}
            </Text>
          ),
      }),
      column.display({
        id: 'toGrade',
        header: '待批改',
        meta: { width: 70, align: 'right' },
        cell: ({ row }) =>
          row.original.publishStatus === 0 ? (
            <Dash />
          ) : row.original.finish.submittedCount > 0 ? (
            <Badge variant="light" color="orange" radius="sm">
              {row.original.finish.submittedCount}
            </Badge>
          ) : (
            <Text size="sm">0</Text>
          ),
      }),
      column.accessor('scoreStatus', {
        header: '成绩',
        enableSorting: false,
        meta: { width: 80 },
        cell: ({ row }) =>
          row.original.publishStatus === 0 ? (
            <Dash />
          ) : (
            <Badge variant="light" color={row.original.scoreStatus === 1 ? 'teal' : 'gray'} radius="sm">
              {COURSE_WORK_SCORE_STATUS_LABELS[row.original.scoreStatus]}
            </Badge>
          ),
      }),
      column.display({
        id: 'actions',
        header: '操作',
        meta: { width: 150, align: 'right' },
        cell: ({ row }) => {
          const work = row.original;
          const published = work.publishStatus === 1;
          return (
            <Group gap={4} justify="flex-end" wrap="nowrap">
              <Hint label="编辑作业">
                <ActionIcon
                  variant="subtle"
                  aria-label={`编辑 ${work.title}`}
                  renderRoot={(props) => (
                    <Link
                      {...props}
                      to={paths.edit}
                      params={{ courseWorkId: work.workId }}
                      search={returnSearch}
                    />
                  )}
                >
                  <IconEdit size={18} aria-hidden />
                </ActionIcon>
              </Hint>
              {published ? (
                <Hint label="撤回为草稿">
                  <ActionIcon
                    variant="subtle"
                    aria-label={`撤回 ${work.title}`}
                    onClick={() => confirmWithdraw(work)}
                  >
                    <IconArrowBackUp size={18} aria-hidden />
                  </ActionIcon>
                </Hint>
              ) : (
                <Hint label="发布作业">
                  <ActionIcon
                    variant="subtle"
                    color="teal"
                    aria-label={`发布 ${work.title}`}
                    onClick={() => confirmPublish(work)}
                  >
                    <IconSend size={18} aria-hidden />
                  </ActionIcon>
                </Hint>
              )}
              <Hint label="完成情况">
                <ActionIcon
                  variant="subtle"
                  aria-label={`${work.title} 的完成情况`}
                  renderRoot={(props) => (
                    <Link {...props} to={paths.complete} search={{ workId: work.workId }} />
                  )}
                >
                  <IconChecklist size={18} aria-hidden />
                </ActionIcon>
              </Hint>
              <Hint label="删除作业">
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={`删除 ${work.title}`}
                  onClick={() => confirmDelete(work)}
                >
                  <IconTrash size={18} aria-hidden />
                </ActionIcon>
              </Hint>
            </Group>
          );
        },
      }),
    ]);
  }, [schoolId, paths.edit, paths.complete, returnSearch, remove, setPublished, now]);

  const rows = list.data?.list;
  const data = useMemo(() => rows ?? [], [rows]);
  const filtered = keyword !== '' || state.value !== 'all' || scoreStatus !== 'all';
  const addLink = (
    <ListAddLink to={paths.add} courseId={courseId} returnSearch={returnSearch}>
      布置作业
    </ListAddLink>
  );

  return (
    <PageContainer embedded={embedded}>
      <Stack gap="lg">
        <CourseListHeader
          embedded={embedded}
          title={embedded ? '课程作业' : '作业管理'}
          description="布置作业并发布给教学班，查看提交和批改进度。"
          courses={courses}
          courseId={courseId}
          onCourseChange={(value) =>
            void navigate({ to: paths.list, search: value ? { courseId: value } : {} })
          }
          action={addLink}
        />

        <Group gap="sm" align="flex-end" wrap="wrap">
          <ListSearch label="标题" placeholder="按标题搜索" value={search} onChange={setSearch} />
          <div>
            <Text size="sm" fw={500} mb={4} aria-hidden>
              状态
            </Text>
            <SegmentedChoice
              label="按状态筛选"
              data={STATE_CHOICES}
              value={state.value}
              onChange={(value) =>
                setState({ value, at: value === 'open' || value === 'closed' ? Date.now() : undefined })
              }
            />
          </div>
          <Select
            label="成绩"
            aria-label="按成绩公布筛选"
            data={SCORE_CHOICES}
            value={scoreStatus}
            onChange={(value) => setScoreStatus((value ?? 'all') as 'all' | '0' | '1')}
            allowDeselect={false}
            w={120}
            comboboxProps={{ withinPortal: true }}
          />
        </Group>

        <DataTable
          label="作业列表"
          columns={embedded || courseId ? withoutCourse(columns) : columns}
          data={data}
          getRowId={(row) => row.workId}
          rowHeight={64}
          manualSorting
          sorting={sorting}
          onSortingChange={setSorting}
          {...tableQueryState(list)}
          empty={
            <EmptyState
              icon={<IconClipboardList size={28} aria-hidden />}
              variant="light"
              title={filtered ? '没有符合条件的作业' : '还没有作业'}
              description={
                filtered
                  ? '换个标题、状态或成绩条件再试试。'
                  : courses.length === 0
                    ? '先创建课程，再为课程布置作业。'
                    : '点击“布置作业”，给教学班布置第一份作业。'
              }
            >
              {filtered || courses.length === 0 ? null : <EmptyState.Actions>{addLink}</EmptyState.Actions>}
            </EmptyState>
          }
          pagination={{
            page: pageIndex,
            pageSize: TEACHER_WORK_PAGE_SIZE,
            total: list.data?.total ?? 0,
            onPageChange: (index) => setPage({ filter, index }),
          }}
        />
      </Stack>
    </PageContainer>
  );
}
