import '@mantine/core/styles/Badge.layer.css';
import type { UserGroupMember } from '@dfrm/sdk/user';
import {
  ActionIcon,
  Badge,
  Button,
  Container,
  EmptyState,
  Group,
  Skeleton,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconFileSpreadsheet, IconSearch, IconUserMinus, IconUserPlus, IconUsers } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { DataTable } from '@/components/data-table/data-table';
import { dataTableColumnHelper } from '@/components/data-table/data-table-features';
import { tableQueryState } from '@/components/data-table/query-state';
import { LoadError } from '@/components/feedback/load-error';
import { PageHeader } from '@/components/page/page-header';
import { unbindMembersMutation } from '@/features/admin/api/admin-mutations';
import { ADMIN_PAGE_SIZE, groupInfoQuery, groupMembersQuery } from '@/features/admin/api/admin-queries';
import { BindFileModal } from '@/features/admin/components/bind-file-modal';
import { BindMembersModal } from '@/features/admin/components/bind-members-modal';
import { AdminBackLink } from '@/features/admin/components/admin-back-link';
import { formatInstant } from '@/shared/format';
import { ROLE_LABELS } from '@/shared/labels';
import { openConfirmModal } from '@/shared/overlays';
import { Hint } from '@/components/hint/hint';

const column = dataTableColumnHelper<UserGroupMember>();

/** /admin/user-groups/$groupId: a group's members; add by search or Excel, remove with confirmation. */
export function AdminGroupMembersPage({ groupId }: { groupId: string }) {
  const queryClient = useQueryClient();
  const info = useQuery(groupInfoQuery(groupId));
  const [search, setSearch] = useState('');
  const [keyword] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState({ keyword, index: 1 });
  const pageIndex = page.keyword === keyword ? page.index : 1;
  const members = useQuery(groupMembersQuery(groupId, keyword, pageIndex));
  const [dialog, setDialog] = useState<'search' | 'file' | null>(null);
  const { mutate: unbind } = useMutation(unbindMembersMutation(queryClient, groupId));

  const columns = useMemo(() => {
    const confirmUnbind = (member: UserGroupMember) =>
      openConfirmModal({
        title: '移出成员',
        centered: true,
        children: (
          <Text size="sm">
            确定把「{member.realName || member.userName}」（{member.userName}
            ）移出该用户组吗？移出后不能再使用组内资源。
          </Text>
        ),
        labels: { confirm: '移出', cancel: '取消' },
        confirmProps: { color: 'red' },
        onConfirm: () =>
          unbind([member.userId], {
            onSuccess: () =>
              notifications.show({
                color: 'teal',
                message: `已将「${member.realName || member.userName}」移出用户组`,
              }),
          }),
      });
    return column.columns([
      column.accessor('userName', { header: '账号', enableSorting: false, meta: { width: 140 } }),
      column.accessor('realName', {
        header: '姓名',
        enableSorting: false,
        meta: { width: 110 },
        cell: ({ getValue }) => getValue() || '—',
      }),
      column.accessor('phoneNumber', {
        header: '手机号',
        enableSorting: false,
        meta: { width: 130 },
        cell: ({ getValue }) => getValue() || '—',
      }),
      column.accessor('schoolRoles', {
        header: '学校身份',
        enableSorting: false,
        cell: ({ getValue }) =>
          getValue()
            .map((role) => ROLE_LABELS[role])
            .join('、') || '—',
      }),
      column.accessor('bindRole', {
        header: '组内角色',
        enableSorting: false,
        meta: { width: 100 },
        cell: ({ getValue }) => (
          <Badge variant="light" radius="sm" color={getValue() === 1 ? 'grape' : 'gray'}>
            {getValue() === 1 ? '组管理员' : '成员'}
          </Badge>
        ),
      }),
      column.accessor('boundAt', {
        header: '加入时间',
        enableSorting: false,
        meta: { width: 150 },
        cell: ({ getValue }) => formatInstant(getValue()),
      }),
      column.display({
        id: 'actions',
        header: '操作',
        meta: { width: 72, align: 'right' },
        cell: ({ row }) => (
          <Hint label="移出用户组">
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={`移出 ${row.original.userName}`}
              onClick={() => confirmUnbind(row.original)}
            >
              <IconUserMinus size={18} aria-hidden />
            </ActionIcon>
          </Hint>
        ),
      }),
    ]);
  }, [unbind]);

  const rows = members.data?.list;
  const data = useMemo(() => rows ?? [], [rows]);

  if (info.isError) {
    return (
      <Container size="xl" py="md">
        <Stack gap="lg">
          <AdminBackLink />
          <LoadError title="用户组加载失败" error={info.error} onRetry={() => void info.refetch()} />
        </Stack>
      </Container>
    );
  }

  return (
    <Container size="xl" py="md">
      <Stack gap="lg">
        <AdminBackLink />
        {info.data ? (
          <PageHeader
            title={`${info.data.name} · 成员`}
            description={`${info.data.schoolName}的用户组，共 ${info.data.memberCount} 名成员。`}
            actions={
              <Group gap="sm">
                <Button
                  leftSection={<IconUserPlus size={18} aria-hidden />}
                  onClick={() => setDialog('search')}
                >
                  添加成员
                </Button>
                <Button
                  variant="light"
                  leftSection={<IconFileSpreadsheet size={18} aria-hidden />}
                  onClick={() => setDialog('file')}
                >
                  按 Excel 绑定
                </Button>
              </Group>
            }
          />
        ) : (
          <Skeleton h={56} aria-label="正在加载用户组" />
        )}
        <TextInput
          aria-label="搜索成员"
          placeholder="账号、姓名或手机号"
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          w={{ base: '100%', xs: 260 }}
        />
        <DataTable
          label="成员列表"
          columns={columns}
          data={data}
          getRowId={(row) => row.userId}
          {...tableQueryState(members)}
          empty={
            <EmptyState
              icon={<IconUsers size={28} aria-hidden />}
              variant="light"
              title={keyword ? '没有符合条件的成员' : '组内还没有成员'}
              description={keyword ? '换一个关键字试试。' : '点击“添加成员”搜索用户，或按 Excel 批量绑定。'}
            />
          }
          pagination={{
            page: pageIndex,
            pageSize: ADMIN_PAGE_SIZE,
            total: members.data?.total ?? 0,
            onPageChange: (index) => setPage({ keyword, index }),
          }}
        />
      </Stack>
      {info.data ? (
        <>
          <BindMembersModal
            opened={dialog === 'search'}
            groupId={groupId}
            schoolId={info.data.schoolId}
            onClose={() => setDialog(null)}
          />
          <BindFileModal opened={dialog === 'file'} groupId={groupId} onClose={() => setDialog(null)} />
        </>
      ) : null}
    </Container>
  );
}
