import '@mantine/core/styles/Badge.layer.css';
import '@mantine/core/styles/Combobox.layer.css';
import '@mantine/core/styles/Popover.layer.css';
import type { SchoolRole } from '@dfrm/sdk/tms';
import type { AdminPasswordReset, UserSearchItem } from '@dfrm/sdk/user';
import {
  ActionIcon,
  Badge,
  Button,
  Container,
  EmptyState,
  Group,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconKey, IconLock, IconLockOpen, IconSearch, IconUsers } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { DataTable } from '@/components/data-table/data-table';
import { dataTableColumnHelper } from '@/components/data-table/data-table-features';
import { tableQueryState } from '@/components/data-table/query-state';
import { PageHeader } from '@/components/page/page-header';
import { resetPasswordMutation, setDisabledMutation } from '@/features/admin/api/admin-mutations';
import { ADMIN_PAGE_SIZE, adminUsersQuery } from '@/features/admin/api/admin-queries';
import { SchoolFilter, useSchoolOptions } from '@/features/admin/components/school-filter';
import { AdminBackLink } from '@/features/admin/components/admin-back-link';
import { TemporaryPasswordModal } from '@/features/admin/components/temporary-password-modal';
import { ROLE_LABELS } from '@/shared/labels';
import { openConfirmModal } from '@/shared/overlays';
import { useSession } from '@/shared/session/session-context';
import { Hint } from '@/components/hint/hint';

const column = dataTableColumnHelper<UserSearchItem>();
const ROLE_OPTIONS = (['teacher', 'student', 'schoolManager'] as const).map((role) => ({
  value: role,
  label: ROLE_LABELS[role],
}));

const nameOf = (user: UserSearchItem) => user.realName || user.nickName || user.userName;

/** /admin/users: find any account; reset its password, disable or enable it. */
export function AdminUsersPage() {
  const queryClient = useQueryClient();
  const { user: me } = useSession();
  const [search, setSearch] = useState('');
  const [keyword] = useDebouncedValue(search.trim(), 300);
  const [schoolId, setSchoolId] = useState<string | null>(null);
  const [role, setRole] = useState<SchoolRole | null>(null);
  const filter = `${keyword}\n${schoolId}\n${role}`;
  const [page, setPage] = useState({ filter, index: 1 });
  const pageIndex = page.filter === filter ? page.index : 1;
  const list = useQuery(adminUsersQuery({ keyword, schoolId, role, pageIndex }));
  const schools = useSchoolOptions();
  const [shown, setShown] = useState<{ reset: AdminPasswordReset; realName: string } | null>(null);
  const { mutate: reset } = useMutation(resetPasswordMutation());
  const { mutate: setDisabled } = useMutation(setDisabledMutation(queryClient));
  const myId = me?.userId;

  const columns = useMemo(() => {
    const confirmReset = (user: UserSearchItem) =>
      openConfirmModal({
        title: '重置密码',
        centered: true,
        children: (
          <Text size="sm">
            确定重置「{nameOf(user)}」（{user.userName}
            ）的密码吗？将生成一个临时密码，该账号已有的登录全部退出，用户用临时密码登录后须先设置新密码。
          </Text>
        ),
        labels: { confirm: '重置密码', cancel: '取消' },
        onConfirm: () =>
          reset(user.userId, { onSuccess: (answer) => setShown({ reset: answer, realName: user.realName }) }),
      });
    const confirmDisabled = (user: UserSearchItem, disabled: boolean) =>
      openConfirmModal({
        title: disabled ? '停用账号' : '启用账号',
        centered: true,
        children: (
          <Text size="sm">
            {disabled
              ? `确定停用「${nameOf(user)}」（${user.userName}）吗？停用后该账号立即退出登录，且不能再登录，直到重新启用。`
              : `确定启用「${nameOf(user)}」（${user.userName}）吗？启用后该账号可以重新登录。`}
          </Text>
        ),
        labels: { confirm: disabled ? '停用' : '启用', cancel: '取消' },
        confirmProps: disabled ? { color: 'red' } : {},
        onConfirm: () =>
          setDisabled(
            { userId: user.userId, disabled },
            {
              onSuccess: () =>
                notifications.show({
                  color: 'teal',
                  message: disabled ? `已停用「${nameOf(user)}」` : `已启用「${nameOf(user)}」`,
                }),
            },
          ),
      });

    return column.columns([
      column.accessor('userName', { header: '账号', enableSorting: false, meta: { width: 140 } }),
      column.accessor('realName', {
        header: '姓名',
        enableSorting: false,
        meta: { width: 110 },
        cell: ({ row }) => row.original.realName || row.original.nickName || '—',
      }),
      column.accessor('phoneNumber', {
        header: '手机号',
        enableSorting: false,
        meta: { width: 130 },
        cell: ({ getValue }) => getValue() || '—',
      }),
      column.accessor('schools', {
        header: '学校与身份',
        enableSorting: false,
        cell: ({ getValue }) =>
          getValue().length === 0 ? (
            <Text size="sm" c="dimmed">
              未加入学校
            </Text>
          ) : (
            <Stack gap={2}>
              {getValue().map((school) => (
                <Text key={school.schoolId} size="sm" truncate>
                  {school.schoolName}：{school.roles.map((item) => ROLE_LABELS[item]).join('、')}
                </Text>
              ))}
            </Stack>
          ),
      }),
      column.accessor('disabled', {
        header: '状态',
        enableSorting: false,
        meta: { width: 90 },
        cell: ({ getValue }) => (
          <Badge variant="light" color={getValue() ? 'red' : 'teal'} radius="sm">
            {getValue() ? '已停用' : '正常'}
          </Badge>
        ),
      }),
      column.display({
        id: 'actions',
        header: '操作',
        meta: { width: 100, align: 'right' },
        cell: ({ row }) => {
          const user = row.original;
          if (user.userId === myId) {
            return (
              <Text size="xs" c="dimmed">
                当前账号
              </Text>
            );
          }
          return (
            <Group gap={4} justify="flex-end" wrap="nowrap">
              <Hint label="重置密码">
                <ActionIcon
                  variant="subtle"
                  aria-label={`重置 ${user.userName} 的密码`}
                  onClick={() => confirmReset(user)}
                >
                  <IconKey size={18} aria-hidden />
                </ActionIcon>
              </Hint>
              <Hint label={user.disabled ? '启用账号' : '停用账号'}>
                <ActionIcon
                  variant="subtle"
                  color={user.disabled ? 'teal' : 'red'}
                  aria-label={`${user.disabled ? '启用' : '停用'} ${user.userName}`}
                  onClick={() => confirmDisabled(user, !user.disabled)}
                >
                  {user.disabled ? (
                    <IconLockOpen size={18} aria-hidden />
                  ) : (
                    <IconLock size={18} aria-hidden />
                  )}
                </ActionIcon>
              </Hint>
            </Group>
          );
        },
      }),
    ]);
  }, [myId, reset, setDisabled]);

  const rows = list.data?.list;
  const data = useMemo(() => rows ?? [], [rows]);
  const filtered = keyword !== '' || schoolId !== null;

  return (
    <Container size="xl" py="md">
      <Stack gap="lg">
        <AdminBackLink />
        <PageHeader
          title="用户管理"
          description="平台上的全部账号（含已停用）。可重置密码、停用或启用账号。"
        />
        <Group gap="sm" align="flex-end" wrap="wrap">
          <TextInput
            label="搜索"
            aria-label="搜索账号"
            placeholder="账号、姓名、昵称或手机号"
            leftSection={<IconSearch size={16} aria-hidden />}
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
            w={{ base: '100%', xs: 240 }}
          />
          <SchoolFilter
            schools={schools}
            value={schoolId}
            onChange={(value) => {
              setSchoolId(value);
              if (!value) setRole(null);
            }}
          />
          <Select
            label="身份"
            placeholder={schoolId ? '全部身份' : '先选择学校'}
            data={ROLE_OPTIONS}
            value={role}
            onChange={(value) => setRole(value as SchoolRole | null)}
            disabled={!schoolId}
            clearable
            w={{ base: '100%', xs: 150 }}
          />
          {filtered ? (
            <Button
              variant="subtle"
              onClick={() => {
                setSearch('');
                setSchoolId(null);
                setRole(null);
              }}
            >
              清除筛选
            </Button>
          ) : null}
        </Group>
        <DataTable
          label="用户列表"
          columns={columns}
          data={data}
          getRowId={(row) => row.userId}
          rowHeight={56}
          {...tableQueryState(list)}
          empty={
            <EmptyState
              icon={<IconUsers size={28} aria-hidden />}
              variant="light"
              title={filtered ? '没有符合条件的账号' : '还没有账号'}
              description={
                filtered ? '换一个关键字或学校试试。' : '学校导入学生或添加教师后，账号会出现在这里。'
              }
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
      <TemporaryPasswordModal
        reset={shown?.reset ?? null}
        realName={shown?.realName ?? ''}
        onClose={() => setShown(null)}
      />
    </Container>
  );
}
