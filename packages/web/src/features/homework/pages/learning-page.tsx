import '@mantine/core/styles/Popover.layer.css';
import '@mantine/dates/styles.layer.css';
import type { StatisticsStudentDataItem } from '@dfrm/sdk/tms';
import { Button, Container, EmptyState, Group, Stack, Text, TextInput } from '@mantine/core';
import { DatePickerInput, type DatesRangeValue } from '@mantine/dates';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch, IconUsers } from '@tabler/icons-react';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import type { SortingState } from '@tanstack/react-table';
import { useNavigate } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { DataTable } from '@/components/data-table/data-table';
import { dataTableColumnHelper } from '@/components/data-table/data-table-features';
import { tableQueryState } from '@/components/data-table/query-state';
import { CourseFilter } from '@/components/page/course-filter';
import { PageHeader } from '@/components/page/page-header';
import {
  firstStudentDataPage,
  STUDENT_DATA_PAGE_SIZE,
  type StudentDataSort,
  statsCoursesQuery,
  teacherStudentDataQuery,
} from '@/features/homework/api/stats-queries';
import {
  type StudentFiguresTarget,
  StudentFiguresModal,
} from '@/features/homework/components/student-figures-modal';
import {
  chinaToday,
  FIGURE_LABELS,
  FIGURES_NOTE,
  formatMinutes,
  formatRate,
  lastThirtyDays,
} from '@/features/homework/stats-format';
import { CHINESE_CALENDAR_LABELS } from '@/lib/dayjs-locale';
import { formatInstant } from '@/shared/format';
import { useSchoolId } from '@/shared/session/current-school-id';

/** The path of this page (the old area's only; the new area shows the data on the class page). */
export const LEARNING_PATH = '/teaching/teacher/learning';

type Row = StatisticsStudentDataItem & { rowKey: string };

const SORTABLE: readonly StudentDataSort[] = [
  'studentNumber',
  'workSubmitRate',
  'averageWorkScoreRate',
  'studyMinutes',
  'lastActiveAt',
];

const column = dataTableColumnHelper<Row>();

/**
 * 学习情况: the teacher's students (of one course, or of all their teaching) with their
 * homework figures and study time over a date range, paged and sorted by the server; each row
 * opens the student's figures course by course.
 */
export function LearningPage({ courseId }: { courseId?: string | undefined }) {
  const schoolId = useSchoolId();
  const navigate = useNavigate();
  const { data: courses } = useSuspenseQuery(statsCoursesQuery(schoolId));
  const [range, setRange] = useState(lastThirtyDays);
  const [picked, setPicked] = useState<DatesRangeValue<string>>([range.startDate, range.endDate]);
  const [keyword, setKeyword] = useState('');
  const [debounced] = useDebouncedValue(keyword.trim(), 300);
  const [sorting, setSorting] = useState<SortingState>([]);
  const [page, setPage] = useState({ key: '', index: 1 });
  const [target, setTarget] = useState<StudentFiguresTarget | null>(null);
  const sort = sorting[0];
  const sortBy = (
    sort && SORTABLE.includes(sort.id as StudentDataSort) ? sort.id : 'studentNumber'
  ) as StudentDataSort;
  const sortOrder = sort?.desc ? 'desc' : 'asc';
  // A new filter or order starts at its first page.
  const filterKey = JSON.stringify([courseId, debounced, range, sortBy, sortOrder]);
  const pageIndex = page.key === filterKey ? page.index : 1;
  // the loader warmed the first page with the same parameters (firstStudentDataPage)
  const list = useQuery(
    teacherStudentDataQuery({
      ...firstStudentDataPage(schoolId, courseId),
      keyword: debounced || undefined,
      ...range,
      sortBy,
      sortOrder,
      pageIndex,
    }),
  );

  const columns = useMemo(
    () =>
      column.columns([
        column.accessor('studentNumber', { id: 'studentNumber', header: '学号', meta: { width: 130 } }),
        column.accessor('studentName', {
          id: 'studentName',
          header: '姓名',
          enableSorting: false,
          meta: { width: 110 },
        }),
        column.accessor('className', { id: 'className', header: '行政班', enableSorting: false }),
        column.display({
          id: 'works',
          header: `${FIGURE_LABELS.submitted} / ${FIGURE_LABELS.expected}`,
          meta: { width: 120, align: 'right' },
          cell: ({ row }) => `${row.original.workSubmittedCount} / ${row.original.workTotalCount}`,
        }),
        column.accessor('workSubmitRate', {
          id: 'workSubmitRate',
          header: FIGURE_LABELS.submitRate,
          meta: { width: 100, align: 'right' },
          cell: ({ getValue }) => formatRate(getValue()),
        }),
        column.accessor('averageWorkScoreRate', {
          id: 'averageWorkScoreRate',
          header: FIGURE_LABELS.averageScoreRate,
          meta: { width: 120, align: 'right' },
          cell: ({ getValue }) => formatRate(getValue()),
        }),
        column.accessor('studyMinutes', {
          id: 'studyMinutes',
          header: '学习时长',
          meta: { width: 130, align: 'right' },
          cell: ({ getValue }) => formatMinutes(getValue()),
        }),
        column.accessor('lastActiveAt', {
          id: 'lastActiveAt',
          header: '最近活跃',
          meta: { width: 150 },
          cell: ({ getValue }) => formatInstant(getValue(), '—'),
        }),
        column.display({
          id: 'actions',
          header: '操作',
          meta: { width: 110, align: 'right' },
          cell: ({ row }) => (
            <Button
              variant="subtle"
              size="compact-sm"
              aria-label={`${row.original.studentName}的各课程数据`}
              onClick={() =>
                setTarget({ student: row.original, startDate: range.startDate, endDate: range.endDate })
              }
            >
              各课程数据
            </Button>
          ),
        }),
      ]),
    [range],
  );

  const rows = list.data?.list;
  const data = useMemo<Row[]>(
    // a student in two teaching classes of the course has a row for each
    () => (rows ?? []).map((row, index) => ({ ...row, rowKey: `${row.studentId}:${index}` })),
    [rows],
  );
  const filtered = Boolean(debounced || courseId);
  const today = chinaToday();

  return (
    <Container size="xl" py="md">
      <Stack gap="lg">
        <PageHeader
          title="学习情况"
          description="你任教课程的学生：作业提交与得分，以及统计区间内的学习时长。"
        />
        <Group gap="sm" align="flex-end" wrap="wrap" role="search" aria-label="筛选学生">
          <CourseFilter
            courses={courses}
            value={courseId}
            onChange={(value) =>
              void navigate({ to: LEARNING_PATH, search: value ? { courseId: value } : {} })
            }
          />
          <DatePickerInput
            type="range"
            label="统计区间"
            placeholder="选择日期"
            valueFormat="YYYY-MM-DD"
            labelSeparator="至"
            {...CHINESE_CALENDAR_LABELS}
            maxDate={today}
            value={picked}
            onChange={(value) => {
              setPicked(value);
              const [start, end] = value;
              if (start && end) setRange({ startDate: start, endDate: end });
            }}
            popoverProps={{ position: 'bottom-start', withinPortal: true }}
            w={260}
            maw="100%"
          />
          <TextInput
            label="学生"
            placeholder="学号或姓名"
            leftSection={<IconSearch size={16} aria-hidden />}
            value={keyword}
            onChange={(event) => setKeyword(event.currentTarget.value)}
            w={220}
          />
        </Group>
        <DataTable
          label="学生学习数据"
          columns={columns}
          data={data}
          getRowId={(row) => row.rowKey}
          manualSorting
          sorting={sorting}
          onSortingChange={setSorting}
          {...tableQueryState(list)}
          empty={
            <EmptyState
              icon={<IconUsers size={28} aria-hidden />}
              variant="light"
              title={filtered ? '没有符合条件的学生' : '还没有学生'}
              description={
                filtered
                  ? '换一个课程或关键字试试。'
                  : courses.length === 0
                    ? '创建课程后，课程教学班的学生会显示在这里。'
                    : '你的教学班还没有学生。'
              }
            />
          }
          pagination={{
            page: pageIndex,
            pageSize: STUDENT_DATA_PAGE_SIZE,
            total: list.data?.total ?? 0,
            onPageChange: (index) => setPage({ key: filterKey, index }),
          }}
        />
        <Text size="xs" c="dimmed">
          {FIGURES_NOTE}教师看到的得分率含尚未公布的成绩；学习时长来自学生在课程中的在线记录。
        </Text>
      </Stack>
      <StudentFiguresModal
        schoolId={schoolId}
        courses={courses}
        target={target}
        onClose={() => setTarget(null)}
      />
    </Container>
  );
}
