import '@mantine/core/styles/Badge.layer.css';
import '@mantine/core/styles/Combobox.layer.css';
import '@mantine/core/styles/Popover.layer.css';
import { ActionIcon, Badge, EmptyState, Group, Stack, Text } from '@mantine/core';
import { PageContainer } from '@/components/page/page-container';
import { openConfirmModal } from '@/shared/overlays';
import { notifications } from '@mantine/notifications';
import type { AnnounceListItem } from '@dfrm/sdk/tms';
import { IconEdit, IconSpeakerphone, IconTrash, IconUsersGroup } from '@tabler/icons-react';
import { useMutation, useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { useReturnHere } from '@/shared/return-to';
import { useSchoolId } from '@/shared/session/current-school-id';
import { DataTable } from '@/components/data-table/data-table';
import { dataTableColumnHelper } from '@/components/data-table/data-table-features';
import { deleteNoticeMutation } from '@/features/notice/api/notice-mutations';
import {
  NOTICE_PAGE_SIZE,
  noticeCoursesQuery,
  teacherNoticeListQuery,
} from '@/features/notice/api/notice-queries';
import {
  type NoticeVisibilityTarget,
  NoticeVisibilityModal,
} from '@/features/notice/components/notice-visibility-modal';
import { NoticeVisibleClasses } from '@/features/notice/components/notice-visible-classes';
import { formatInstant } from '@/shared/format';
import { TEACHER_NOTICE_PATHS } from '@/features/notice/notice-paths';
import { ANNOUNCE_STATUS_LABELS } from '@/shared/labels';
import type { TeachingArea } from '@/shared/teaching-area';
import { tableQueryState } from '@/components/data-table/query-state';
import { CourseListHeader, ListAddLink } from '@/components/page/course-list-header';
import { Hint } from '@/components/hint/hint';

/** Inside a class page every row is of its course: the 课程 column would only repeat it. */
const columnsInClass = <T extends object>(columns: T[]) =>
  columns.filter((item) => !('accessorKey' in item && item.accessorKey === 'courseName'));

const column = dataTableColumnHelper<AnnounceListItem>();

export interface TeacherNoticeListPageProps {
  area: TeachingArea;
  courseId?: string | undefined;
  /** A tab of the class page, which names the course: no page heading and no course filter. */
  embedded?: boolean | undefined;
}

/** 通知管理: the teacher's notices (drafts too), filtered by course, with visibility and read counts. */
export function TeacherNoticeListPage({ area, courseId, embedded = false }: TeacherNoticeListPageProps) {
  const schoolId = useSchoolId();
  const paths = TEACHER_NOTICE_PATHS[area];
  const navigate = useNavigate();
  // Inside a class page the form leads back there, to this tab.
  const returnSearch = useReturnHere(embedded);
  const { data: courses } = useSuspenseQuery(noticeCoursesQuery(schoolId));
  const [page, setPage] = useState({ courseId, index: 1 });
  // A new course filter starts at its first page.
  const pageIndex = page.courseId === courseId ? page.index : 1;
  const list = useQuery(teacherNoticeListQuery({ schoolId, courseId, pageIndex }));
  const [visibilityTarget, setVisibilityTarget] = useState<NoticeVisibilityTarget | null>(null);
  // mutate is stable, so the columns are built once.
  const { mutate: remove } = useMutation(deleteNoticeMutation());

  const columns = useMemo(() => {
    const confirmDelete = (notice: AnnounceListItem) =>
      openConfirmModal({
        title: '删除通知',
        centered: true,
        children: (
          <Text size="sm">确定删除“{notice.title}”吗？删除后学生将看不到这条通知，阅读记录也一并删除。</Text>
        ),
        labels: { confirm: '删除', cancel: '取消' },
        confirmProps: { color: 'red' },
        onConfirm: () =>
          remove(
            { schoolId, announceId: notice.announceId },
            { onSuccess: () => notifications.show({ color: 'teal', message: '通知已删除' }) },
          ),
      });

    return column.columns([
      column.accessor('title', {
        header: '标题',
        enableSorting: false,
        cell: ({ row }) => (
          <div style={{ minWidth: 0 }}>
            <Text size="sm" fw={500} lineClamp={2} style={{ whiteSpace: 'normal' }}>
              {row.original.title}
            </Text>
            <Text size="xs" c="dimmed" truncate>
              {row.original.summary || '（无正文摘要）'}
            </Text>
          </div>
        ),
      }),
      column.accessor('courseName', { header: '课程', enableSorting: false, meta: { width: 150 } }),
      column.accessor('status', {
        header: '状态',
        enableSorting: false,
        meta: { width: 90 },
        cell: ({ getValue }) => (
          <Badge variant="light" color={getValue() === 1 ? 'teal' : 'gray'} radius="sm">
            {ANNOUNCE_STATUS_LABELS[getValue()]}
          </Badge>
        ),
      }),
      column.display({
        id: 'visibleClasses',
        header: '可见班级（已读/人数）',
        meta: { width: 230 },
        cell: ({ row }) => <NoticeVisibleClasses classReads={row.original.classReads} />,
      }),
      column.accessor('publishedAt', {
        header: '发布时间',
        enableSorting: false,
        meta: { width: 150 },
        cell: ({ getValue }) =>
          getValue() ? (
            formatInstant(getValue())
          ) : (
            <Text size="sm" c="dimmed">
              未发布
            </Text>
          ),
      }),
      column.accessor('viewedNum', {
        header: '已读',
        enableSorting: false,
        meta: { width: 90, align: 'right' },
        cell: ({ row }) => `${row.original.viewedNum} / ${row.original.studentNum}`,
      }),
      column.display({
        id: 'actions',
        header: '操作',
        meta: { width: 130, align: 'right' },
        cell: ({ row }) => (
          <Group gap={4} justify="flex-end" wrap="nowrap">
            <Hint label="编辑通知">
              <ActionIcon
                variant="subtle"
                aria-label={`编辑 ${row.original.title}`}
                renderRoot={(props) => (
                  <Link
                    {...props}
                    to={paths.edit}
                    params={{ announceId: row.original.announceId }}
                    search={returnSearch}
                  />
                )}
              >
                <IconEdit size={18} aria-hidden />
              </ActionIcon>
            </Hint>
            <Hint label="设置可见班级">
              <ActionIcon
                variant="subtle"
                aria-label={`设置 ${row.original.title} 的可见范围`}
                onClick={() =>
                  setVisibilityTarget({ announceId: row.original.announceId, title: row.original.title })
                }
              >
                <IconUsersGroup size={18} aria-hidden />
              </ActionIcon>
            </Hint>
            <Hint label="删除通知">
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={`删除 ${row.original.title}`}
                onClick={() => confirmDelete(row.original)}
              >
                <IconTrash size={18} aria-hidden />
              </ActionIcon>
            </Hint>
          </Group>
        ),
      }),
    ]);
  }, [schoolId, paths.edit, remove, returnSearch]);

  const rows = list.data?.list;
  const data = useMemo(() => rows ?? [], [rows]);

  return (
    <PageContainer embedded={embedded}>
      <Stack gap="lg">
        <CourseListHeader
          embedded={embedded}
          title={embedded ? '课程通知' : '通知管理'}
          description="发布课程通知并指定可见的教学班，学生在“课程通知”中查看。"
          courses={courses}
          courseId={courseId}
          onCourseChange={(value) =>
            void navigate({ to: paths.list, search: value ? { courseId: value } : {} })
          }
          action={
            <ListAddLink to={paths.create} courseId={courseId} returnSearch={returnSearch}>
              发布通知
            </ListAddLink>
          }
        />

        <DataTable
          label="通知列表"
          columns={embedded ? columnsInClass(columns) : columns}
          data={data}
          getRowId={(row) => row.announceId}
          rowHeight={64}
          {...tableQueryState(list)}
          empty={
            <EmptyState
              icon={<IconSpeakerphone size={28} aria-hidden />}
              variant="light"
              title="还没有通知"
              description={
                courses.length === 0
                  ? '先创建课程，再为课程发布通知。'
                  : '点击“发布通知”，为课程的教学班发布第一条通知。'
              }
            />
          }
          pagination={{
            page: pageIndex,
            pageSize: NOTICE_PAGE_SIZE,
            total: list.data?.total ?? 0,
            onPageChange: (index) => setPage({ courseId, index }),
          }}
        />
      </Stack>
      <NoticeVisibilityModal
        schoolId={schoolId}
        target={visibilityTarget}
        onClose={() => setVisibilityTarget(null)}
      />
    </PageContainer>
  );
}
