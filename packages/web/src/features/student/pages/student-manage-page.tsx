import '@mantine/core/styles/Popover.layer.css';
import '@mantine/core/styles/Combobox.layer.css';
import '@mantine/core/styles/ScrollArea.layer.css';
import type { StudentItem, StudentStatus } from '@dfrm/sdk/tms';
import { Button, EmptyState, Group, Menu, Stack, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { openConfirmModal } from '@/shared/overlays';
import { notifications } from '@mantine/notifications';
import {
  IconDownload,
  IconEdit,
  IconFileImport,
  IconTrash,
  IconUserPlus,
  IconUsers,
} from '@tabler/icons-react';
import {
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  useSuspenseQuery,
} from '@tanstack/react-query';
import type { SortingState } from '@tanstack/react-table';
import { formatInstant } from '@/shared/format';
import { useCallback, useMemo, useState } from 'react';
import { notifyError } from '@/shared/error-notifications';
import { currentSchoolQuery } from '@/shared/session/school-info';
import { DataTable } from '@/components/data-table/data-table';
import { RowMenu } from '@/components/data-table/row-menu';
import { dataTableColumnHelper } from '@/components/data-table/data-table-features';
import { changeStatusMutation, deleteStudentMutation } from '@/features/student/api/student-mutations';
import {
  DEFAULT_STUDENT_SORT,
  fetchAllStudents,
  type StudentFilters,
  type StudentScope,
  type StudentSort,
  type StudentSortField,
  studentClassesQuery,
  studentListQuery,
} from '@/features/student/api/student-queries';
import { classFilterOptions } from '@/features/student/components/class-options';
import { saveStudentsXlsx } from '@/features/student/components/export-students';
import { StudentFilterBar } from '@/features/student/components/student-filter-bar';
import { ImportStudentsModal } from '@/features/student/components/import-students-modal';
import { StudentFormModal } from '@/features/student/components/student-form-modal';
import { STATUS_HINTS, StudentStatusBadge } from '@/features/student/components/student-status';
import { STUDENT_GENDER_LABELS, STUDENT_STATUS_LABELS, STUDENT_STATUSES } from '@/shared/labels';
import { tableQueryState } from '@/components/data-table/query-state';
import { useWindowHeight } from '@/lib/small-screen';

const SORTABLE = new Set<string>([
  'studentNumber',
  'studentName',
  'className',
  'status',
  'createdAt',
  'lastLoginAt',
]);

/**
 * 学生管理: every student in the teacher's classes (a school manager: the
 * whole school). The list is filtered and sorted by the server and arrives in
 * pages of 200 as the table scrolls, so 10,000 students open as fast as 200.
 */
export function StudentManagePage() {
  const { data: current } = useSuspenseQuery(currentSchoolQuery());
  const schoolId = current.schoolId;
  const scope: StudentScope = current.type === 'schoolManager' ? 'schoolManager' : 'teacher';
  const queryClient = useQueryClient();

  const [filters, setFilters] = useState<Omit<StudentFilters, 'keyword'>>({});
  const [keyword, setKeyword] = useState('');
  const [debouncedKeyword] = useDebouncedValue(keyword.trim(), 300);
  const [sorting, setSorting] = useState<SortingState>([]);
  const sort: StudentSort = sorting[0]
    ? { field: sorting[0].id as StudentSortField, order: sorting[0].desc ? 'desc' : 'asc' }
    : DEFAULT_STUDENT_SORT;
  const query = useMemo<StudentFilters>(
    () => ({ ...filters, ...(debouncedKeyword ? { keyword: debouncedKeyword } : {}) }),
    [filters, debouncedKeyword],
  );

  const list = useInfiniteQuery(studentListQuery(scope, schoolId, query, sort));
  const classes = useQuery(studentClassesQuery(schoolId, scope));
  const classList = classes.data ?? NO_CLASSES;
  const options = useMemo(() => classFilterOptions(classList, filters), [classList, filters]);
  const rows = useMemo(() => list.data?.pages.flatMap((page) => page.list) ?? NO_ROWS, [list.data]);
  const total = list.data?.pages[0]?.total ?? 0;

  const [editing, setEditing] = useState<StudentItem | null | undefined>(undefined);
  const [importing, setImporting] = useState(false);
  const [exporting, setExporting] = useState(false);
  // the dialogs join the page when first opened (and stay, for their closing transition)
  const [formMounted, setFormMounted] = useState(false);
  const [importMounted, setImportMounted] = useState(false);
  if (editing !== undefined && !formMounted) setFormMounted(true);
  if (importing && !importMounted) setImportMounted(true);
  const changeStatus = useMutation(changeStatusMutation(queryClient, scope));
  const remove = useMutation(deleteStudentMutation(queryClient, scope));
  const { mutate: setStatus } = changeStatus;
  const { mutate: removeStudent } = remove;

  const columns = useMemo(() => {
    const confirmStatus = (student: StudentItem, status: StudentStatus) =>
      openConfirmModal({
        title: `设为${STUDENT_STATUS_LABELS[status]}`,
        children: (
          <Text size="sm">
            确定将学生「{student.studentName}」（{student.studentNumber}）的状态从「
            {STUDENT_STATUS_LABELS[student.status]}」改为「
            {STUDENT_STATUS_LABELS[status]}」吗？{STATUS_HINTS[status]}
          </Text>
        ),
        labels: { confirm: `设为${STUDENT_STATUS_LABELS[status]}`, cancel: '取消' },
        confirmProps: { color: status === 1 ? 'red' : undefined },
        onConfirm: () =>
          setStatus(
            { schoolId, studentId: student.studentId, status },
            {
              onSuccess: () =>
                notifications.show({
                  color: 'teal',
                  message: `已将「${student.studentName}」设为${STUDENT_STATUS_LABELS[status]}`,
                }),
            },
          ),
      });
    const confirmDelete = (student: StudentItem) =>
      openConfirmModal({
        title: '删除学生',
        children: (
          <Text size="sm">
            确定从学校移除学生「{student.studentName}」（{student.studentNumber}）吗？TA
            将退出所有教学班；账号、已提交的作业和成绩保留。
          </Text>
        ),
        labels: { confirm: '删除', cancel: '取消' },
        confirmProps: { color: 'red' },
        onConfirm: () =>
          removeStudent(
            { schoolId, studentId: student.studentId },
            {
              onSuccess: () =>
                notifications.show({ color: 'teal', message: `已删除学生「${student.studentName}」` }),
            },
          ),
      });

    const col = dataTableColumnHelper<StudentItem>();
    return col.columns([
      col.accessor('studentNumber', { id: 'studentNumber', header: '学号', meta: { width: 130 } }),
      col.accessor('studentName', { id: 'studentName', header: '姓名', meta: { width: 110 } }),
      col.accessor('gender', {
        id: 'gender',
        header: '性别',
        enableSorting: false,
        meta: { width: 64 },
        cell: ({ getValue }) => STUDENT_GENDER_LABELS[getValue()],
      }),
      col.accessor('userName', {
        id: 'userName',
        header: '账号',
        enableSorting: false,
        meta: { width: 130 },
      }),
      col.accessor('className', { id: 'className', header: '行政班', meta: { width: 180 } }),
      col.accessor((student) => student.adminClass.majorName, {
        id: 'major',
        header: '专业',
        enableSorting: false,
      }),
      col.accessor('status', {
        id: 'status',
        header: '状态',
        meta: { width: 84 },
        cell: ({ getValue }) => <StudentStatusBadge status={getValue()} />,
      }),
      col.accessor('phoneNumber', {
        id: 'phoneNumber',
        header: '手机号',
        enableSorting: false,
        meta: { width: 130 },
      }),
      col.accessor('lastLoginAt', {
        id: 'lastLoginAt',
        header: '最近登录',
        meta: { width: 150 },
        cell: ({ getValue }) => formatInstant(getValue(), '从未登录'),
      }),
      col.display({
        id: 'actions',
        header: '操作',
        meta: { width: 64, align: 'center' },
        cell: ({ row }) => {
          const student = row.original;
          return (
            <StudentRowMenu
              student={student}
              onEdit={() => setEditing(student)}
              onStatus={(status) => confirmStatus(student, status)}
              onDelete={() => confirmDelete(student)}
            />
          );
        },
      }),
    ]);
  }, [schoolId, setStatus, removeStudent]);

  const exportList = async () => {
    setExporting(true);
    try {
      const all = await fetchAllStudents(scope, schoolId, query, sort);
      const fileName = await saveStudentsXlsx(all);
      notifications.show({ color: 'teal', message: `已导出 ${all.length} 名学生（${fileName}）` });
    } catch (error) {
      notifyError(error);
    } finally {
      setExporting(false);
    }
  };

  const filtered = Object.keys(query).length > 0;
  const clearFilters = useCallback(() => {
    setFilters({});
    setKeyword('');
  }, []);
  const canPickClasses = classes.isSuccess;
  // The list scrolls inside the table; it takes the window's height, within reason.
  const tableHeight = Math.min(Math.max(useWindowHeight() - 300, 360), 960);

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1} fz="h3">
            学生管理
          </Title>
          <Text c="dimmed" size="sm" mt={4}>
            {scope === 'schoolManager' ? '全校学生。' : '你任教的教学班所来自的行政班里的全部学生。'}
          </Text>
        </div>
        <Group gap="sm">
          <Button
            variant="default"
            leftSection={<IconUserPlus size={16} aria-hidden />}
            disabled={!canPickClasses}
            onClick={() => setEditing(null)}
          >
            新增学生
          </Button>
          <Button
            variant="default"
            leftSection={<IconFileImport size={16} aria-hidden />}
            disabled={!canPickClasses}
            onClick={() => setImporting(true)}
          >
            导入学生
          </Button>
          <Button
            leftSection={<IconDownload size={16} aria-hidden />}
            loading={exporting}
            disabled={total === 0}
            onClick={() => void exportList()}
          >
            导出
          </Button>
        </Group>
      </Group>

      <StudentFilterBar
        keyword={keyword}
        onKeywordChange={setKeyword}
        filters={filters}
        onFiltersChange={setFilters}
        options={options}
        canPickClasses={canPickClasses}
        classesFailed={classes.isError}
        filtered={filtered}
        onClear={clearFilters}
      />

      <DataTable
        label="学生列表"
        columns={columns}
        data={rows}
        getRowId={(student) => student.studentId}
        manualSorting
        sorting={sorting}
        onSortingChange={(next) => setSorting(next.filter((item) => SORTABLE.has(item.id)))}
        {...tableQueryState(list)}
        empty={
          <EmptyState
            icon={<IconUsers size={28} aria-hidden />}
            variant="light"
            title={filtered ? '没有符合条件的学生' : '还没有学生'}
            description={
              filtered
                ? '换个关键字或筛选条件试试。'
                : scope === 'teacher'
                  ? '新建课程并选择行政班后，这些班的学生会出现在这里；也可以导入学生。'
                  : '导入学生或新增学生后会出现在这里。'
            }
          />
        }
        infinite={{
          total,
          hasMore: list.hasNextPage,
          loadingMore: list.isFetchingNextPage,
          onLoadMore: () => void list.fetchNextPage(),
        }}
        height={tableHeight}
      />

      {formMounted && (
        <StudentFormModal
          opened={editing !== undefined}
          onClose={() => setEditing(undefined)}
          scope={scope}
          schoolId={schoolId}
          classes={classList}
          student={editing ?? null}
        />
      )}
      {importMounted && (
        <ImportStudentsModal
          opened={importing}
          onClose={() => setImporting(false)}
          scope={scope}
          schoolId={schoolId}
          classes={classList}
          defaultClassId={filters.classId}
        />
      )}
    </Stack>
  );
}

/** 操作 of one row: edit, the other statuses, delete. */
function StudentRowMenu({
  student,
  onEdit,
  onStatus,
  onDelete,
}: {
  student: StudentItem;
  onEdit: () => void;
  onStatus: (status: StudentStatus) => void;
  onDelete: () => void;
}) {
  return (
    <RowMenu
      label={`操作 ${student.studentName}`}
      items={() => (
        <>
          <Menu.Item leftSection={<IconEdit size={16} aria-hidden />} onClick={onEdit}>
            编辑
          </Menu.Item>
          <Menu.Label>状态</Menu.Label>
          {STUDENT_STATUSES.filter((status) => status !== student.status).map((status) => (
            <Menu.Item key={status} onClick={() => onStatus(status)}>
              设为{STUDENT_STATUS_LABELS[status]}
            </Menu.Item>
          ))}
          <Menu.Divider />
          <Menu.Item color="red" leftSection={<IconTrash size={16} aria-hidden />} onClick={onDelete}>
            删除
          </Menu.Item>
        </>
      )}
    />
  );
}

const NO_ROWS: StudentItem[] = [];
const NO_CLASSES: never[] = [];
