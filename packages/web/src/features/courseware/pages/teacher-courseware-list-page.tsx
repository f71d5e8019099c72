import '@mantine/core/styles/Badge.layer.css';
import '@mantine/core/styles/Combobox.layer.css';
import '@mantine/core/styles/Popover.layer.css';
import type { CourseWareListItem } from '@dfrm/sdk/tms';
import { ActionIcon, Badge, EmptyState, Group, Stack, Text } from '@mantine/core';
import { PageContainer } from '@/components/page/page-container';
import { openConfirmModal } from '@/shared/overlays';
import { notifications } from '@mantine/notifications';
import { IconDownload, IconFolder, IconShare, IconTrash, IconUpload } from '@tabler/icons-react';
import type { SortingState } from '@tanstack/react-table';
import { useMutation, useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { useReturnHere } from '@/shared/return-to';
import { useSchoolId } from '@/shared/session/current-school-id';
import { DataTable } from '@/components/data-table/data-table';
import { dataTableColumnHelper } from '@/components/data-table/data-table-features';
import { formatFileSize } from '@/shared/format';
import { deleteCoursewareMutation } from '@/features/courseware/api/courseware-mutations';
import {
  COURSEWARE_PAGE_SIZE,
  type CoursewareSortField,
  coursewareCoursesQuery,
  teacherCoursewareListQuery,
} from '@/features/courseware/api/courseware-queries';
import { useCoursewareDownload } from '@/features/courseware/api/use-courseware-download';
import { CoursewareAttachments } from '@/features/courseware/components/courseware-attachments';
import {
  type CoursewareShareTarget,
  CoursewareShareModal,
} from '@/features/courseware/components/courseware-share-modal';
import { TEACHER_COURSEWARE_PATHS } from '@/features/courseware/courseware-paths';
import type { TeachingArea } from '@/shared/teaching-area';
import { formatInstant } from '@/shared/format';
import { tableQueryState } from '@/components/data-table/query-state';
import { CourseListHeader, ListAddLink } from '@/components/page/course-list-header';
import { Hint } from '@/components/hint/hint';

/** Inside a class page every row is of its course: the 课程 column would only repeat it. */
const columnsInClass = <T extends object>(columns: T[]) =>
  columns.filter((item) => !('accessorKey' in item && item.accessorKey === 'courseName'));

const column = dataTableColumnHelper<CourseWareListItem>();
const SORT_FIELDS: readonly string[] = [
  'updatedAt',
  'courseWareName',
  'totalSize',
] satisfies CoursewareSortField[];

export interface TeacherCoursewareListPageProps {
  area: TeachingArea;
  courseId?: string | undefined;
  /** A tab of the class page, which names the course: no page heading and no course filter. */
  embedded?: boolean | undefined;
}

/** 课件管理: the teacher's courseware with attachments, sizes and the classes it is shared with. */
export function TeacherCoursewareListPage({
  area,
  courseId,
  embedded = false,
}: TeacherCoursewareListPageProps) {
  const schoolId = useSchoolId();
  const paths = TEACHER_COURSEWARE_PATHS[area];
  const navigate = useNavigate();
  // Inside a class page the upload form leads back there, to this tab.
  const returnSearch = useReturnHere(embedded);
  const { data: courses } = useSuspenseQuery(coursewareCoursesQuery(schoolId));
  const [page, setPage] = useState({ courseId, index: 1 });
  const pageIndex = page.courseId === courseId ? page.index : 1;
  const [sorting, setSorting] = useState<SortingState>([]);
  const sort = sorting[0] && SORT_FIELDS.includes(sorting[0].id) ? sorting[0] : undefined;
  const list = useQuery(
    teacherCoursewareListQuery({
      schoolId,
      courseId,
      pageIndex,
      sortField: sort?.id as CoursewareSortField | undefined,
      sortOrder: sort ? (sort.desc ? 'desc' : 'asc') : undefined,
    }),
  );
  const [shareTarget, setShareTarget] = useState<CoursewareShareTarget | null>(null);
  // mutate functions are stable, so the columns are built once.
  const { mutate: remove } = useMutation(deleteCoursewareMutation());
  const { mutate: download } = useCoursewareDownload();

  const columns = useMemo(() => {
    const confirmDelete = (item: CourseWareListItem) =>
      openConfirmModal({
        title: '删除课件',
        centered: true,
        children: (
          <Text size="sm">
            确定删除“{item.courseWareName}”及其全部 {item.attachmentNum} 个附件吗？共享的学生将无法再下载。
          </Text>
        ),
        labels: { confirm: '删除', cancel: '取消' },
        confirmProps: { color: 'red' },
        onConfirm: () =>
          remove(
            { schoolId, courseWareId: item.courseWareId },
            { onSuccess: () => notifications.show({ color: 'teal', message: '课件已删除' }) },
          ),
      });

    return column.columns([
      column.accessor('courseWareName', {
        header: '课件名称',
        cell: ({ row }) => (
          <div style={{ minWidth: 0 }}>
            <Text size="sm" fw={500} truncate>
              {row.original.courseWareName}
            </Text>
            <Text size="xs" c="dimmed" truncate>
              {row.original.description || row.original.courseName}
            </Text>
          </div>
        ),
      }),
      column.accessor('courseName', { header: '课程', enableSorting: false, meta: { width: 150 } }),
      column.accessor('attachmentNum', {
        header: '附件',
        enableSorting: false,
        meta: { width: 120 },
        cell: ({ row }) => (
          <CoursewareAttachments
            schoolId={schoolId}
            courseWareId={row.original.courseWareId}
            courseWareName={row.original.courseWareName}
            count={row.original.attachmentNum}
            onDownload={(file) =>
              download({
                courseWareId: row.original.courseWareId,
                fileId: file.fileId,
                fallbackName: file.fileName,
              })
            }
          />
        ),
      }),
      column.accessor('totalSize', {
        header: '大小',
        meta: { width: 100, align: 'right' },
        cell: ({ getValue }) => formatFileSize(getValue()),
      }),
      column.accessor('sharedClassNum', {
        header: '共享班级',
        enableSorting: false,
        meta: { width: 120 },
        cell: ({ getValue }) =>
          getValue() > 0 ? (
            <Badge variant="light" color="teal" radius="sm">
              {getValue()} 个班
            </Badge>
          ) : (
            <Badge variant="light" color="gray" radius="sm">
              未共享
            </Badge>
          ),
      }),
      column.accessor('updatedAt', {
        header: '更新时间',
        meta: { width: 150 },
        cell: ({ getValue }) => formatInstant(getValue()),
      }),
      column.display({
        id: 'actions',
        header: '操作',
        meta: { width: 130, align: 'right' },
        cell: ({ row }) => (
          <Group gap={4} justify="flex-end" wrap="nowrap">
            <Hint label="共享给教学班">
              <ActionIcon
                variant="subtle"
                aria-label={`共享 ${row.original.courseWareName}`}
                onClick={() =>
                  setShareTarget({
                    courseWareId: row.original.courseWareId,
                    courseWareName: row.original.courseWareName,
                  })
                }
              >
                <IconShare size={18} aria-hidden />
              </ActionIcon>
            </Hint>
            <Hint label={row.original.attachmentNum > 1 ? '下载全部附件（zip）' : '下载课件'}>
              <ActionIcon
                variant="subtle"
                aria-label={`下载 ${row.original.courseWareName}`}
                disabled={row.original.attachmentNum === 0}
                onClick={() =>
                  download({
                    courseWareId: row.original.courseWareId,
                    fallbackName: row.original.courseWareName,
                  })
                }
              >
                <IconDownload size={18} aria-hidden />
              </ActionIcon>
            </Hint>
            <Hint label="删除课件">
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={`删除 ${row.original.courseWareName}`}
                onClick={() => confirmDelete(row.original)}
              >
                <IconTrash size={18} aria-hidden />
              </ActionIcon>
            </Hint>
          </Group>
        ),
      }),
    ]);
  }, [schoolId, remove, download]);

  const rows = list.data?.list;
  const data = useMemo(() => rows ?? [], [rows]);

  return (
    <PageContainer embedded={embedded}>
      <Stack gap="lg">
        <CourseListHeader
          embedded={embedded}
          title={embedded ? '课程课件' : '课件管理'}
          description="上传课件并共享给教学班，学生在“课程课件”中下载。"
          courses={courses}
          courseId={courseId}
          onCourseChange={(value) =>
            void navigate({ to: paths.list, search: value ? { courseId: value } : {} })
          }
          action={
            <ListAddLink
              to={paths.add}
              courseId={courseId}
              returnSearch={returnSearch}
              icon={<IconUpload size={18} aria-hidden />}
            >
              上传课件
            </ListAddLink>
          }
        />

        <DataTable
          label="课件列表"
          columns={embedded ? columnsInClass(columns) : columns}
          data={data}
          getRowId={(row) => row.courseWareId}
          rowHeight={60}
          manualSorting
          sorting={sorting}
          onSortingChange={(next) => {
            setSorting(next);
            setPage({ courseId, index: 1 });
          }}
          {...tableQueryState(list)}
          empty={
            <EmptyState
              icon={<IconFolder size={28} aria-hidden />}
              variant="light"
              title="还没有课件"
              description={
                courses.length === 0
                  ? '先创建课程，再为课程上传课件。'
                  : '点击“上传课件”，把讲义、数据和代码发给学生。'
              }
            />
          }
          pagination={{
            page: pageIndex,
            pageSize: COURSEWARE_PAGE_SIZE,
            total: list.data?.total ?? 0,
            onPageChange: (index) => setPage({ courseId, index }),
          }}
        />
      </Stack>
      <CoursewareShareModal schoolId={schoolId} target={shareTarget} onClose={() => setShareTarget(null)} />
    </PageContainer>
  );
}
