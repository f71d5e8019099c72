import '@mantine/core/styles/Badge.layer.css';
import type { CourseStatus, CourseV2Item } from '@dfrm/sdk/tms';
import {
  ActionIcon,
  Anchor,
  Badge,
  Button,
  EmptyState,
  Group,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { openConfirmModal } from '@/shared/overlays';
import { notifications } from '@mantine/notifications';
import { IconArrowRight, IconBooks, IconEdit, IconPlus, IconSearch, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { SortingState } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { DataTable } from '@/components/data-table/data-table';
import { dataTableColumnHelper } from '@/components/data-table/data-table-features';
import { deleteCourseMutation } from '@/features/teaching-class/api/course-mutations';
import {
  COURSE_PAGE_SIZE,
  courseListBody,
  courseListQuery,
} from '@/features/teaching-class/api/course-queries';
import type { CourseListSearch, CourseSortField } from '@/features/teaching-class/api/list-search';
import { AREA_PATHS } from '@/features/teaching-class/area';
import { classPageLink } from '@/features/teaching-class/components/class-page-link';
import type { TeachingArea } from '@/shared/teaching-area';
import { CourseStatusBadge } from '@/features/teaching-class/components/course-status-badge';
import { COURSE_STATUS_LABELS } from '@/shared/labels';
import { useCurrentSchool } from '@/features/teaching-class/components/use-current-school';
import { tableQueryState } from '@/components/data-table/query-state';
import { SegmentedChoice, type SegmentedChoiceItem } from '@/components/segmented-choice/segmented-choice';
import { Hint } from '@/components/hint/hint';

const STATUS_CHOICES: SegmentedChoiceItem<string>[] = [
  { value: 'all', label: '全部' },
  { value: '1', label: COURSE_STATUS_LABELS[1] },
  { value: '0', label: COURSE_STATUS_LABELS[0] },
  { value: '2', label: COURSE_STATUS_LABELS[2] },
];

export interface TeachingClassListPageProps {
  area: TeachingArea;
  search: CourseListSearch;
  onSearchChange: (next: CourseListSearch) => void;
}

/** 教学班级: the teacher's courses with their teaching classes; search, sort, page, delete. */
export function TeachingClassListPage({ area, search, onSearchChange }: TeachingClassListPageProps) {
  const { schoolId } = useCurrentSchool();
  const queryClient = useQueryClient();
  const list = useQuery(courseListQuery(courseListBody(schoolId, search)));
  const remove = useMutation(deleteCourseMutation(queryClient));
  const paths = AREA_PATHS[area];

  const [keyword, setKeyword] = useState(search.keyword ?? '');
  const pushKeyword = useDebouncedCallback((value: string) => {
    onSearchChange({ ...search, keyword: value.trim() || undefined, page: undefined });
  }, 300);

  const sorting: SortingState = search.sortField
    ? [{ id: search.sortField, desc: search.sortOrder === 'desc' }]
    : [];

  const pageRows = list.data?.list;
  const { mutate: removeCourse } = remove;
  const columns = useMemo(() => {
    const confirmDelete = (course: CourseV2Item) =>
      openConfirmModal({
        title: '删除课程',
        children: (
          <Text size="sm">
            确定删除课程「{course.courseName}」吗？它的 {course.teachingClasses.length}{' '}
            个教学班、章节、通知和课件将一并删除，且不能恢复。学生账号和行政班不受影响。
          </Text>
        ),
        labels: { confirm: '删除', cancel: '取消' },
        confirmProps: { color: 'red' },
        onConfirm: () =>
          removeCourse(
            { schoolId, courseId: course.courseId },
            {
              onSuccess: () => {
                notifications.show({ color: 'teal', message: `已删除课程「${course.courseName}」` });
                // The last row of the last page went: step back a page.
                if (pageRows?.length === 1 && (search.page ?? 1) > 1) {
                  onSearchChange({ ...search, page: (search.page ?? 1) - 1 });
                }
              },
            },
          ),
      });

    const col = dataTableColumnHelper<CourseV2Item>();
    return col.columns([
      col.accessor('courseName', {
        id: 'courseName',
        header: '课程名称',
        meta: { width: 220 },
        cell: ({ row }) => (
          <Anchor
            fw={600}
            size="sm"
            renderRoot={(props) => <Link {...props} {...classPageLink(area, row.original.courseId)} />}
          >
            {row.original.courseName}
          </Anchor>
        ),
      }),
      col.display({
        id: 'teachingClasses',
        header: '教学班',
        enableSorting: false,
        cell: ({ row }) => (
          <Group gap={4} wrap="wrap">
            {row.original.teachingClasses.map((tc) => (
              <Badge
                key={tc.teachingClassId}
                variant="light"
                color="gray"
                radius="sm"
                size="sm"
                tt="none"
                title={`${tc.className} · ${tc.studentCount}人`}
              >
                {tc.className} · {tc.studentCount}人
              </Badge>
            ))}
          </Group>
        ),
      }),
      col.accessor('studentNum', {
        id: 'studentNum',
        header: '学生数',
        meta: { width: 96, align: 'right' },
      }),
      col.accessor('startDate', {
        id: 'startDate',
        header: '起止日期',
        // two lines, so the classes beside it keep their full names at 1280 px
        meta: { width: 128 },
        cell: ({ row }) => (
          <Text size="sm" component="span" style={{ display: 'block', lineHeight: 1.4 }}>
            {row.original.startDate}
            <br />至 {row.original.endDate}
          </Text>
        ),
      }),
      col.accessor('status', {
        id: 'status',
        header: '状态',
        enableSorting: false,
        meta: { width: 84 },
        cell: ({ row }) => <CourseStatusBadge status={row.original.status} />,
      }),
      col.display({
        id: 'content',
        header: '章节/作业/课件',
        enableSorting: false,
        meta: { width: 120, align: 'center' },
        cell: ({ row }) =>
          `${row.original.sectionNum} / ${row.original.workNum} / ${row.original.courseWareNum}`,
      }),
      col.display({
        id: 'actions',
        header: '操作',
        enableSorting: false,
        meta: { width: 120, align: 'center' },
        cell: ({ row }) => (
          <Group gap={4} justify="center" wrap="nowrap">
            <Hint label="打开班级页面">
              <ActionIcon
                renderRoot={(props) => <Link {...props} {...classPageLink(area, row.original.courseId)} />}
                variant="subtle"
                aria-label={`打开「${row.original.courseName}」的班级页面`}
              >
                <IconArrowRight size={18} aria-hidden />
              </ActionIcon>
            </Hint>
            <Hint label="编辑课程">
              <ActionIcon
                renderRoot={(props) => (
                  <Link {...props} to={paths.add} search={{ courseId: row.original.courseId }} />
                )}
                variant="subtle"
                aria-label={`编辑「${row.original.courseName}」`}
              >
                <IconEdit size={18} aria-hidden />
              </ActionIcon>
            </Hint>
            <Hint label="删除课程">
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={`删除「${row.original.courseName}」`}
                onClick={() => confirmDelete(row.original)}
              >
                <IconTrash size={18} aria-hidden />
              </ActionIcon>
            </Hint>
          </Group>
        ),
      }),
    ]);
  }, [area, paths, schoolId, search, pageRows, onSearchChange, removeCourse]);

  const filtered = Boolean(search.keyword) || search.status !== undefined;
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1} fz="h3">
            教学班级
          </Title>
          <Text c="dimmed" size="sm" mt={4}>
            你任教的课程，每门课程由若干行政班生成教学班。
          </Text>
        </div>
        <Button component={Link} to={paths.add} leftSection={<IconPlus size={16} aria-hidden />}>
          新建课程
        </Button>
      </Group>

      <Group gap="sm" wrap="wrap">
        <TextInput
          aria-label="搜索课程"
          placeholder="按课程名称搜索"
          leftSection={<IconSearch size={16} aria-hidden />}
          value={keyword}
          onChange={(event) => {
            setKeyword(event.currentTarget.value);
            pushKeyword(event.currentTarget.value);
          }}
          w={260}
        />
        <SegmentedChoice
          label="课程状态"
          data={STATUS_CHOICES}
          value={search.status === undefined ? 'all' : String(search.status)}
          onChange={(value) =>
            onSearchChange({
              ...search,
              status: value === 'all' ? undefined : (Number(value) as CourseStatus),
              page: undefined,
            })
          }
        />
      </Group>

      <DataTable
        label="课程列表"
        columns={columns}
        data={list.data?.list ?? EMPTY}
        getRowId={(course) => course.courseId}
        manualSorting
        sorting={sorting}
        onSortingChange={(next) => {
          const first = next[0];
          onSearchChange({
            ...search,
            sortField: first ? (first.id as CourseSortField) : undefined,
            sortOrder: first ? (first.desc ? 'desc' : 'asc') : undefined,
            page: undefined,
          });
        }}
        {...tableQueryState(list)}
        empty={
          <EmptyState
            icon={<IconBooks size={28} aria-hidden />}
            variant="light"
            title={filtered ? '没有符合条件的课程' : '还没有课程'}
            description={
              filtered ? '换个关键字或状态试试。' : '新建课程并选择行政班，系统会为每个班生成教学班。'
            }
          />
        }
        pagination={
          list.data
            ? {
                page: search.page ?? 1,
                pageSize: COURSE_PAGE_SIZE,
                total: list.data.total,
                onPageChange: (page) => onSearchChange({ ...search, page: page > 1 ? page : undefined }),
              }
            : undefined
        }
      />
    </Stack>
  );
}

const EMPTY: CourseV2Item[] = [];
