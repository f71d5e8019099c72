import '@mantine/core/styles/Badge.layer.css';
import type { MyWorkItem } from '@dfrm/sdk/tms';
import { Anchor, Badge, Button, EmptyState, Group, Stack, Text } from '@mantine/core';
import { PageContainer } from '@/components/page/page-container';
import { IconClipboardList } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { DataTable } from '@/components/data-table/data-table';
import { dataTableColumnHelper } from '@/components/data-table/data-table-features';
import { tableQueryState } from '@/components/data-table/query-state';
import { CourseFilter } from '@/components/page/course-filter';
import { PageHeader } from '@/components/page/page-header';
import { SegmentedChoice } from '@/components/segmented-choice/segmented-choice';
import { useServerNow } from '@/lib/server-clock';
import { STUDENT_WORK_STATUS_LABELS, COURSE_WORK_GROUP_MODE_LABELS } from '@/shared/labels';
import { useReturnHere } from '@/shared/return-to';
import { useSchoolId } from '@/shared/session/current-school-id';
import type { TeachingArea } from '@/shared/teaching-area';
import {
  MY_WORK_PAGE_SIZE,
  type MyWorkFilter,
  myWorkCoursesQuery,
  myWorkListQuery,
} from '@/features/homework/api/my-work-queries';
import { DeadlineCell } from '@/features/homework/components/student-work-deadline';
import { HOMEWORK_PATHS } from '@/features/homework/homework-paths';
import { formatPoints } from '@/features/homework/student-work-time';

const FILTERS: readonly { value: MyWorkFilter; label: string }[] = [
  { value: 'all', label: '全部' },
  { value: 'unsubmitted', label: '待提交' },
  { value: 'submitted', label: '已提交' },
  { value: 'corrected', label: '已批改' },
  { value: 'returned', label: '已退回' },
  { value: 'overdue', label: '已截止' },
];

const EMPTY_TEXT: Record<MyWorkFilter, { title: string; description: string }> = {
  all: { title: '暂无作业', description: '老师布置作业后会显示在这里。' },
  unsubmitted: { title: '没有待提交的作业', description: '作业都交了，继续保持。' },
  submitted: { title: '没有等待批改的作业', description: '提交后等待老师批改的作业会显示在这里。' },
  corrected: { title: '没有已批改的作业', description: '老师批改后的作业会显示在这里。' },
  returned: { title: '没有被退回的作业', description: '老师退回要求重做的作业会显示在这里。' },
  overdue: { title: '没有已截止未交的作业', description: '过了截止时间还没提交的作业会显示在这里。' },
};

const STATUS_COLORS = { 0: 'gray', 1: 'blue', 2: 'teal', 3: 'orange' } as const;

const column = dataTableColumnHelper<MyWorkItem>();

/** Inside a class page every row is of its course: the 课程 column would only repeat it. */
const withoutCourse = <T extends object>(columns: T[]) =>
  columns.filter((item) => !('accessorKey' in item && item.accessorKey === 'courseName'));

export interface StudentWorkListPageProps {
  area: TeachingArea;
  courseId?: string | undefined;
  /** A tab of the class page, which names the course: a smaller heading and no course filter. */
  embedded?: boolean;
}

/** 我的作业: the student's works with what each still needs, time left by the server's clock. */
export function StudentWorkListPage({ area, courseId, embedded = false }: StudentWorkListPageProps) {
  const schoolId = useSchoolId();
  const paths = HOMEWORK_PATHS[area];
  const navigate = useNavigate();
  const returnSearch = useReturnHere(embedded);
  const [filter, setFilter] = useState<MyWorkFilter>('all');
  const [page, setPage] = useState({ courseId, filter, index: 1 });
  // a new course or filter starts at its first page
  const pageIndex = page.courseId === courseId && page.filter === filter ? page.index : 1;
  const list = useQuery(myWorkListQuery({ schoolId, courseId, filter, pageIndex }));
  const courses = useQuery({ ...myWorkCoursesQuery(schoolId), enabled: !embedded });
  const now = useServerNow(30_000);

  const columns = useMemo(
    () =>
      column.columns([
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
                  to={paths.studentDetail}
                  search={{ workId: row.original.workId, ...returnSearch }}
                />
              )}
            >
              {row.original.title}
            </Anchor>
          ),
        }),
        column.accessor('courseName', { header: '课程', enableSorting: false, meta: { width: 150 } }),
        column.accessor('groupMode', {
          header: '方式',
          enableSorting: false,
          meta: { width: 90 },
          cell: ({ getValue }) => COURSE_WORK_GROUP_MODE_LABELS[getValue()],
        }),
        column.accessor('endTime', {
          header: '截止时间',
          enableSorting: false,
          meta: { width: 190 },
          cell: ({ row }) => (
            <DeadlineCell
              endTime={row.original.endTime}
              policy={row.original}
              now={now}
              open={row.original.status === 0 || row.original.status === 3}
            />
          ),
        }),
        column.accessor('status', {
          header: '状态',
          enableSorting: false,
          meta: { width: 120 },
          cell: ({ row }) => (
            <Group gap={4} wrap="nowrap">
              <Badge
                variant="light"
                color={STATUS_COLORS[row.original.status]}
                radius="sm"
                tt="none"
                fw={500}
              >
                {STUDENT_WORK_STATUS_LABELS[row.original.status]}
              </Badge>
              {row.original.isLate ? (
                <Badge variant="light" color="orange" radius="sm" tt="none" fw={500}>
                  迟交
                </Badge>
              ) : null}
            </Group>
          ),
        }),
        column.accessor('score', {
          header: '成绩',
          enableSorting: false,
          meta: { width: 100 },
          cell: ({ row }) =>
            row.original.score !== null ? (
              <Text size="sm" fw={600}>
                {formatPoints(row.original.score)} / {row.original.totalScore}
              </Text>
            ) : (
              <Text size="sm" c="dimmed">
                {row.original.scoreStatus === 1 ? '-' : '未公布'}
              </Text>
            ),
        }),
        column.display({
          id: 'actions',
          header: '操作',
          meta: { width: 110, align: 'right' },
          cell: ({ row }) => {
            const { status, overdue, allowLate } = row.original;
            const todo = (status === 0 || status === 3) && (!overdue || allowLate);
            return (
              <Button
                size="xs"
                variant={todo ? 'filled' : 'light'}
                renderRoot={(props) => (
                  <Link
                    {...props}
                    to={paths.studentDetail}
                    search={{ workId: row.original.workId, ...returnSearch }}
                  />
                )}
                aria-label={`${todo ? '去完成' : '查看'} ${row.original.title}`}
              >
                {todo ? '去完成' : '查看'}
              </Button>
            );
          },
        }),
      ]),
    [paths.studentDetail, returnSearch, now],
  );

  const rows = list.data?.list;
  const data = useMemo(() => rows ?? [], [rows]);
  const counts = list.data?.counts;

  return (
    <PageContainer embedded={embedded}>
      <Stack gap="lg">
        <PageHeader
          embedded={embedded}
          title={embedded ? '课程作业' : '我的作业'}
          description="老师布置给你的作业：剩余时间按服务器时间计算，成绩在老师公布后显示。"
          actions={
            embedded ? null : (
              <CourseFilter
                courses={courses.data ?? []}
                value={courseId}
                onChange={(value) =>
                  void navigate({ to: paths.studentList, search: value ? { courseId: value } : {} })
                }
              />
            )
          }
        />

        {/* six filters do not fit a phone's width: the row scrolls sideways instead of wrapping */}
        <div style={{ overflowX: 'auto', maxWidth: '100%' }}>
          <SegmentedChoice
            label="按状态筛选"
            value={filter}
            onChange={setFilter}
            data={FILTERS.map((item) => ({
              value: item.value,
              label: counts ? `${item.label} ${counts[item.value]}` : item.label,
            }))}
          />
        </div>

        <DataTable
          label="作业列表"
          columns={embedded ? withoutCourse(columns) : columns}
          data={data}
          getRowId={(row) => row.workId}
          rowHeight={64}
          {...tableQueryState(list)}
          empty={
            <EmptyState
              icon={<IconClipboardList size={28} aria-hidden />}
              variant="light"
              title={EMPTY_TEXT[filter].title}
              description={EMPTY_TEXT[filter].description}
            />
          }
          pagination={{
            page: pageIndex,
            pageSize: MY_WORK_PAGE_SIZE,
            total: list.data?.total ?? 0,
            onPageChange: (index) => setPage({ courseId, filter, index }),
          }}
        />
      </Stack>
    </PageContainer>
  );
}
