import '@mantine/core/styles/Badge.layer.css';
import type { CourseClassStudent, CourseTeachingClass } from '@dfrm/sdk/tms';
import { Badge, Group, Paper, SegmentedControl, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { SortingState } from '@tanstack/react-table';
import { useState } from 'react';
import { DataTable } from '@/components/data-table/data-table';
import { dataTableColumnHelper } from '@/components/data-table/data-table-features';
import { courseClassStudentsQuery } from '@/features/teaching-class/api/course-queries';
import { ALL_CLASSES } from '@/features/teaching-class/area';
import { STUDENT_STATUS_LABELS } from '@/shared/labels';
import { STUDENT_STATUS_COLORS } from './student-status';
import { tableQueryState } from '@/components/data-table/query-state';

const PAGE_SIZE = 20;
type SortField = 'studentNumber' | 'studentName' | 'teachingClass';

const col = dataTableColumnHelper<CourseClassStudent>();
const columns = col.columns([
  col.accessor('studentNumber', { id: 'studentNumber', header: '学号', meta: { width: 140 } }),
  col.accessor('studentName', { id: 'studentName', header: '姓名', meta: { width: 120 } }),
  col.accessor('teachingClassName', { id: 'teachingClass', header: '教学班' }),
  col.accessor('className', { id: 'className', header: '行政班', enableSorting: false }),
  col.accessor('status', {
    id: 'status',
    header: '状态',
    enableSorting: false,
    meta: { width: 90 },
    cell: ({ getValue }) => (
      <Badge variant="light" size="sm" radius="sm" color={STUDENT_STATUS_COLORS[getValue()]}>
        {STUDENT_STATUS_LABELS[getValue()]}
      </Badge>
    ),
  }),
]);

/** 教学班与学生: pick a teaching class (or all) and page through its students. */
export function ClassStudentsPanel({
  schoolId,
  courseId,
  teachingClasses,
  selected,
  onSelect,
}: {
  schoolId: string;
  courseId: string;
  teachingClasses: readonly CourseTeachingClass[];
  selected: string;
  onSelect: (teachingClassId: string) => void;
}) {
  const [page, setPage] = useState(1);
  const [keyword, setKeyword] = useState('');
  const [debounced] = useDebouncedValue(keyword.trim(), 300);
  const [sorting, setSorting] = useState<SortingState>([]);
  const known = teachingClasses.some((tc) => tc.teachingClassId === selected);
  const teachingClassId = known ? selected : undefined;
  const sort = sorting[0];
  const students = useQuery(
    courseClassStudentsQuery({
      schoolId,
      courseId,
      pageIndex: page,
      pageSize: PAGE_SIZE,
      ...(teachingClassId ? { teachingClassId } : {}),
      ...(debounced ? { keyword: debounced } : {}),
      ...(sort ? { sortField: sort.id as SortField, sortOrder: sort.desc ? 'desc' : 'asc' } : {}),
    }),
  );

  const choices = [
    {
      value: ALL_CLASSES,
      label: `全部（${teachingClasses.reduce((sum, tc) => sum + tc.studentCount, 0)}人）`,
    },
    ...teachingClasses.map((tc) => ({
      value: tc.teachingClassId,
      label: `${tc.teachingClassName}（${tc.studentCount}人）`,
    })),
  ];

  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-label="教学班与学生">
      <Stack gap="md">
        <Group justify="space-between" gap="sm">
          <Title order={2} fz="h4">
            教学班与学生
          </Title>
          <TextInput
            aria-label="搜索学生"
            placeholder="学号或姓名"
            leftSection={<IconSearch size={16} aria-hidden />}
            value={keyword}
            onChange={(event) => {
              setKeyword(event.currentTarget.value);
              setPage(1);
            }}
            w={220}
          />
        </Group>
        {teachingClasses.length === 0 ? (
          <Text c="dimmed" size="sm">
            这门课程还没有教学班。
          </Text>
        ) : (
          <SegmentedControl
            aria-label="教学班"
            data={choices}
            value={teachingClassId ?? ALL_CLASSES}
            onChange={(value) => {
              setPage(1);
              onSelect(value);
            }}
            style={{ alignSelf: 'flex-start', maxWidth: '100%', overflowX: 'auto' }}
          />
        )}
        <DataTable
          label="教学班学生"
          columns={columns}
          data={students.data?.list ?? EMPTY}
          getRowId={(student) => `${student.teachingClassId}:${student.studentId}`}
          manualSorting
          sorting={sorting}
          onSortingChange={(next) => {
            setSorting(next);
            setPage(1);
          }}
          {...tableQueryState(students)}
          empty={<Text c="dimmed">{debounced ? '没有符合条件的学生' : '教学班里还没有学生'}</Text>}
          pagination={
            students.data
              ? { page, pageSize: PAGE_SIZE, total: students.data.total, onPageChange: setPage }
              : undefined
          }
        />
      </Stack>
    </Paper>
  );
}

const EMPTY: CourseClassStudent[] = [];
