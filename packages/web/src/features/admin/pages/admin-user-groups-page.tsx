import '@mantine/core/styles/Badge.layer.css';
import '@mantine/core/styles/Combobox.layer.css';
import '@mantine/core/styles/Popover.layer.css';
import type { UserGroup } from '@dfrm/sdk/user';
import {
  ActionIcon,
  Badge,
  Button,
  Container,
  EmptyState,
  Group,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconEdit, IconPlus, IconSearch, IconTrash, IconUsers, IconUsersGroup } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { DataTable } from '@/components/data-table/data-table';
import { dataTableColumnHelper } from '@/components/data-table/data-table-features';
import { tableQueryState } from '@/components/data-table/query-state';
import { PageHeader } from '@/components/page/page-header';
import {
  deleteGroupMutation,
  saveGroupMutation,
  updateGroupMutation,
} from '@/features/admin/api/admin-mutations';
import { ADMIN_PAGE_SIZE, adminGroupsQuery } from '@/features/admin/api/admin-queries';
import { SchoolFilter, useSchoolOptions } from '@/features/admin/components/school-filter';
import { AdminBackLink } from '@/features/admin/components/admin-back-link';
import { NameFormModal, type NameFormValues } from '@/features/admin/components/name-form-modal';
import { openConfirmModal } from '@/shared/overlays';
import { Hint } from '@/components/hint/hint';

const column = dataTableColumnHelper<UserGroup>();

/** /admin/user-groups: the user groups (resource pools) of every school; create, rename, delete. */
export function AdminUserGroupsPage() {
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const [keyword] = useDebouncedValue(search.trim(), 300);
  const [schoolId, setSchoolId] = useState<string | null>(null);
  const filter = `${keyword}\n${schoolId}`;
  const [page, setPage] = useState({ filter, index: 1 });
  const pageIndex = page.filter === filter ? page.index : 1;
  const list = useQuery(adminGroupsQuery({ keyword, schoolId, pageIndex }));
  const schools = useSchoolOptions();
  const [editing, setEditing] = useState<UserGroup | 'new' | null>(null);
  const save = useMutation(saveGroupMutation(queryClient));
  const update = useMutation(updateGroupMutation(queryClient));
  const { mutate: remove } = useMutation(deleteGroupMutation(queryClient));

  const columns = useMemo(() => {
    const confirmDelete = (group: UserGroup) =>
      openConfirmModal({
        title: '删除用户组',
        centered: true,
        children: (
          <Text size="sm">
            确定删除用户组「{group.name}」（{group.schoolName}）吗？组内 {group.memberCount}{' '}
            名成员将移出该组，组内资源的共享随之失效。
          </Text>
        ),
        labels: { confirm: '删除', cancel: '取消' },
        confirmProps: { color: 'red' },
        onConfirm: () =>
          remove(group.id, {
            onSuccess: () => notifications.show({ color: 'teal', message: `已删除用户组「${group.name}」` }),
          }),
      });
    return column.columns([
      column.accessor('name', {
        header: '用户组',
        enableSorting: false,
        cell: ({ row }) => (
          <div style={{ minWidth: 0 }}>
            <Group gap={6} wrap="nowrap">
              <Text size="sm" fw={500} truncate>
                {row.original.name}
              </Text>
              {row.original.isSchoolDefault ? (
                <Badge variant="light" radius="sm" size="sm">
                  学校默认组
                </Badge>
              ) : null}
            </Group>
            {row.original.description ? (
              <Text size="xs" c="dimmed" truncate>
                {row.original.description}
              </Text>
            ) : null}
          </div>
        ),
      }),
      column.accessor('schoolName', { header: '学校', enableSorting: false, meta: { width: 180 } }),
      column.accessor('memberCount', {
        header: '成员',
        enableSorting: false,
        meta: { width: 80, align: 'right' },
      }),
      column.accessor('adminCount', {
        header: '组管理员',
        enableSorting: false,
        meta: { width: 90, align: 'right' },
      }),
      column.display({
        id: 'actions',
        header: '操作',
        meta: { width: 130, align: 'right' },
        cell: ({ row }) => (
          <Group gap={4} justify="flex-end" wrap="nowrap">
            <Hint label="管理成员">
              <ActionIcon
                variant="subtle"
                aria-label={`管理 ${row.original.name} 的成员`}
                renderRoot={(props) => (
                  <Link {...props} to="/admin/user-groups/$groupId" params={{ groupId: row.original.id }} />
                )}
              >
                <IconUsers size={18} aria-hidden />
              </ActionIcon>
            </Hint>
            <Hint label="修改名称与说明">
              <ActionIcon
                variant="subtle"
                aria-label={`修改 ${row.original.name}`}
                onClick={() => setEditing(row.original)}
              >
                <IconEdit size={18} aria-hidden />
              </ActionIcon>
            </Hint>
            <Hint label="删除用户组">
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={`删除 ${row.original.name}`}
                onClick={() => confirmDelete(row.original)}
              >
                <IconTrash size={18} aria-hidden />
              </ActionIcon>
            </Hint>
          </Group>
        ),
      }),
    ]);
  }, [remove]);

  const rows = list.data?.list;
  const data = useMemo(() => rows ?? [], [rows]);
  const filtered = keyword !== '' || schoolId !== null;

  const submit = async (values: NameFormValues) => {
    try {
      if (editing === 'new') {
        await save.mutateAsync({
          schoolId: values.schoolId,
          name: values.name,
          description: values.description,
        });
        notifications.show({ color: 'teal', message: `已新建用户组「${values.name}」` });
      } else if (editing) {
        await update.mutateAsync({ id: editing.id, name: values.name, description: values.description });
        notifications.show({ color: 'teal', message: `已保存用户组「${values.name}」` });
      }
      return true;
    } catch {
      return false; // refusals (重名) arrive as the global error notification
    }
  };

  return (
    <Container size="xl" py="md">
      <Stack gap="lg">
        <AdminBackLink />
        <PageHeader
          title="用户组管理"
          description="各学校的用户组（资源池）：组内成员共享组内资源。"
          actions={
            <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setEditing('new')}>
              新建用户组
            </Button>
          }
        />
        <Group gap="sm" align="flex-end" wrap="wrap">
          <TextInput
            label="搜索"
            aria-label="搜索用户组"
            placeholder="用户组名称"
            leftSection={<IconSearch size={16} aria-hidden />}
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
            w={{ base: '100%', xs: 220 }}
          />
          <SchoolFilter schools={schools} value={schoolId} onChange={setSchoolId} />
        </Group>
        <DataTable
          label="用户组列表"
          columns={columns}
          data={data}
          getRowId={(row) => row.id}
          rowHeight={56}
          {...tableQueryState(list)}
          empty={
            <EmptyState
              icon={<IconUsersGroup size={28} aria-hidden />}
              variant="light"
              title={filtered ? '没有符合条件的用户组' : '还没有用户组'}
              description={filtered ? '换一个关键字或学校试试。' : '点击“新建用户组”为学校创建第一个用户组。'}
            />
          }
          pagination={{
            page: pageIndex,
            pageSize: ADMIN_PAGE_SIZE,
            total: list.data?.total ?? 0,
            onPageChange: (index) => setPage({ filter, index }),
          }}
        />
      </Stack>
      <NameFormModal
        opened={editing !== null}
        title={editing === 'new' ? '新建用户组' : '修改用户组'}
        nameLabel="用户组名称"
        maxLength={50}
        withDescription
        schools={editing === 'new' ? schools.options : undefined}
        initial={{
          name: editing && editing !== 'new' ? editing.name : '',
          description: editing && editing !== 'new' ? editing.description : '',
          schoolId: schoolId ?? '',
        }}
        submitLabel={editing === 'new' ? '新建' : '保存'}
        onSubmit={submit}
        onClose={() => setEditing(null)}
      />
    </Container>
  );
}
