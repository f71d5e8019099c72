import '@mantine/core/styles/Combobox.layer.css';
import '@mantine/core/styles/Popover.layer.css';
import '@mantine/core/styles/ScrollArea.layer.css';
import '@mantine/core/styles/Badge.layer.css';
import type {
  StudentCourseStatic,
  StudentCourseStaticQuery,
  StudentCourseV2Item,
  StudentCourseV2Query,
  StudentStatus,
} from '@dfrm/sdk/tms';
import { Badge, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import type { SortingState } from '@tanstack/react-table';
import { formatInstant } from '@/shared/format';
import { useState } from 'react';
import { errorMessage } from '@/shared/error-notifications';
import { currentSchoolQuery } from '@/shared/session/school-info';
import { DataTable } from '@/components/data-table/data-table';
import { dataTableColumnHelper } from '@/components/data-table/data-table-features';
import {
  COURSE_STUDENT_PAGE_SIZE,
  courseStudentDataQuery,
  courseStudentListQuery,
  courseTeachingClassesQuery,
} from '@/features/student/api/student-queries';
import { StudentStatusBadge } from '@/features/student/components/student-status';
import { STUDENT_STATUS_LABELS, STUDENT_STATUSES } from '@/shared/labels';

const STATUS_OPTIONS = STUDENT_STATUSES.map((status) => ({
  value: String(status),
  label: STUDENT_STATUS_LABELS[status],
}));

const when = (value: number | null) => formatInstant(value, '—');

function duration(ms: number): string {
  const minutes = Math.round(ms / 60_000);
  if (minutes < 60) return `${minutes} 分钟`;
  return `${Math.floor(minutes / 60)} 小时 ${minutes % 60} 分`;
}

const dataCol = dataTableColumnHelper<StudentCourseStatic>();
const dataColumns = dataCol.columns([
  dataCol.accessor('studentNumber', { id: 'studentNumber', header: '学号', meta: { width: 130 } }),
  dataCol.accessor('studentName', { id: 'studentName', header: '姓名', meta: { width: 110 } }),
  dataCol.accessor('teachingClassName', { id: 'teachingClass', header: '教学班' }),
  dataCol.accessor('submittedWorkNum', {
    id: 'submittedWorkNum',
    header: '已提交 / 应交',
    meta: { width: 140, align: 'right' },
    cell: ({ row }) => `${row.original.submittedWorkNum} / ${row.original.workNum}`,
  }),
  dataCol.accessor('lateWorkNum', { id: 'lateWorkNum', header: '迟交', meta: { width: 80, align: 'right' } }),
  dataCol.accessor('avgWorkScore', {
    id: 'avgWorkScore',
    header: '平均分',
    meta: { width: 110, align: 'right' },
    cell: ({ getValue }) => getValue() ?? '—',
  }),
  dataCol.accessor('studyDuration', {
    id: 'studyDuration',
    header: '学习时长',
    meta: { width: 130, align: 'right' },
    cell: ({ getValue }) => duration(getValue()),
  }),
  dataCol.accessor('lastActiveAt', {
    id: 'lastActiveAt',
    header: '最近活跃',
    meta: { width: 150 },
    cell: ({ getValue }) => when(getValue()),
  }),
]);

const listCol = dataTableColumnHelper<StudentCourseV2Item>();
const listColumns = listCol.columns([
  listCol.accessor('studentNumber', { id: 'studentNumber', header: '学号', meta: { width: 130 } }),
  listCol.accessor('studentName', { id: 'studentName', header: '姓名', meta: { width: 110 } }),
  listCol.accessor('className', { id: 'className', header: '行政班' }),
  listCol.accessor('teachingClassName', { id: 'teachingClass', header: '教学班' }),
  listCol.accessor('status', {
    id: 'status',
    header: '状态',
    meta: { width: 84 },
    cell: ({ getValue }) => <StudentStatusBadge status={getValue()} />,
  }),
  listCol.accessor('online', {
    id: 'online',
    header: '在线',
    enableSorting: false,
    meta: { width: 80 },
    cell: ({ getValue }) =>
      getValue() ? (
        <Badge size="sm" radius="sm" color="teal" variant="dot">
          在线
        </Badge>
      ) : (
        <Text size="sm" c="dimmed">
          离线
        </Text>
      ),
  }),
  listCol.accessor('lastActiveAt', {
    id: 'lastActiveAt',
    header: '最近活跃',
    meta: { width: 150 },
    cell: ({ getValue }) => when(getValue()),
  }),
]);

export interface CourseStudentsPageProps {
  courseId: string;
  /** 学生数据 (work and study figures) or 学生名单 (class, status, online). */
  variant: 'data' | 'list';
  /** A teaching class of the course to filter by at first (the detail route's resourceId). */
  initialTeachingClassId?: string;
}

/** The course's students, by the server's by-course lists: search, class filter, sort, pages. */
export function CourseStudentsPage({ courseId, variant, initialTeachingClassId }: CourseStudentsPageProps) {
  const { schoolId } = useSuspenseQuery(currentSchoolQuery()).data;
  const { data: teachingClasses } = useSuspenseQuery(courseTeachingClassesQuery(schoolId, courseId));
  const [page, setPage] = useState(1);
  const [keyword, setKeyword] = useState('');
  const [debounced] = useDebouncedValue(keyword.trim(), 300);
  // an id that is not one of this course's teaching classes is ignored (the whole course shows)
  const [teachingClassId, setTeachingClassId] = useState<string | null>(() =>
    teachingClasses.some((tc) => tc.teachingClassId === initialTeachingClassId)
      ? (initialTeachingClassId ?? null)
      : null,
  );
  const [status, setStatus] = useState<StudentStatus | null>(null);
  const [sorting, setSorting] = useState<SortingState>([]);
  const sort = sorting[0];
  const base = {
    schoolId,
    courseId,
    pageIndex: page,
    pageSize: COURSE_STUDENT_PAGE_SIZE,
    ...(debounced ? { keyword: debounced } : {}),
    ...(status !== null ? { status } : {}),
    sortOrder: sort?.desc ? ('desc' as const) : ('asc' as const),
  };
  const dataQuery = useQuery({
    ...courseStudentDataQuery({
      ...base,
      ...(teachingClassId ? { teachingClassId } : {}),
      sortField: (sort?.id ?? 'studentNumber') as StudentCourseStaticQuery['sortField'],
    }),
    enabled: variant === 'data',
  });
  const listQuery = useQuery({
    ...courseStudentListQuery({
      ...base,
      ...(teachingClassId ? { teachingClassIds: [teachingClassId] } : {}),
      sortField: (sort?.id ?? 'studentNumber') as StudentCourseV2Query['sortField'],
    }),
    enabled: variant === 'list',
  });
  const active = variant === 'data' ? dataQuery : listQuery;
  const reset = () => setPage(1);
  const filtered = Boolean(debounced || teachingClassId || status !== null);

  const common = {
    manualSorting: true,
    sorting,
    onSortingChange: (next: SortingState) => {
      setSorting(next);
      reset();
    },
    loading: active.isPending,
    fetching: active.isFetching && !active.isPending,
    error: active.isError ? errorMessage(active.error) : undefined,
    onRetry: () => void active.refetch(),
    empty: <Text c="dimmed">{filtered ? '没有符合条件的学生' : '这门课程还没有学生'}</Text>,
    pagination: active.data
      ? { page, pageSize: COURSE_STUDENT_PAGE_SIZE, total: active.data.total, onPageChange: setPage }
      : undefined,
  };

  return (
    <Stack gap="md">
      <Group gap="sm" wrap="wrap" role="search" aria-label="筛选学生">
        <TextInput
          aria-label="搜索学生"
          placeholder="学号或姓名"
          leftSection={<IconSearch size={16} aria-hidden />}
          value={keyword}
          onChange={(event) => {
            setKeyword(event.currentTarget.value);
            reset();
          }}
          w={220}
        />
        <Select
          aria-label="教学班"
          placeholder="全部教学班"
          data={teachingClasses.map((tc) => ({ value: tc.teachingClassId, label: tc.teachingClassName }))}
          value={teachingClassId}
          onChange={(value) => {
            setTeachingClassId(value);
            reset();
          }}
          clearable
          w={220}
        />
        <Select
          aria-label="状态"
          placeholder="全部状态"
          data={STATUS_OPTIONS}
          value={status === null ? null : String(status)}
          onChange={(value) => {
            setStatus(value === null ? null : (Number(value) as StudentStatus));
            reset();
          }}
          clearable
          w={120}
        />
      </Group>
      {variant === 'data' ? (
        <DataTable
          label="学生数据"
          columns={dataColumns}
          data={dataQuery.data?.list ?? NO_DATA}
          getRowId={(student) => `${student.teachingClassId}:${student.studentId}`}
          {...common}
        />
      ) : (
        <DataTable
          label="学生名单"
          columns={listColumns}
          data={listQuery.data?.list ?? NO_LIST}
          getRowId={(student) => `${student.teachingClassId}:${student.studentId}`}
          {...common}
        />
      )}
    </Stack>
  );
}

const NO_DATA: StudentCourseStatic[] = [];
const NO_LIST: StudentCourseV2Item[] = [];
