import type { AdminSchool } from '@dfrm/sdk/user';
import { ActionIcon, Button, Container, EmptyState, Group, Stack, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconBuildingCommunity, IconEdit, IconPlus, IconSearch } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { DataTable } from '@/components/data-table/data-table';
import { dataTableColumnHelper } from '@/components/data-table/data-table-features';
import { tableQueryState } from '@/components/data-table/query-state';
import { PageHeader } from '@/components/page/page-header';
import { createSchoolMutation, renameSchoolMutation } from '@/features/admin/api/admin-mutations';
import { ADMIN_PAGE_SIZE, adminSchoolsQuery } from '@/features/admin/api/admin-queries';
import { AdminBackLink } from '@/features/admin/components/admin-back-link';
import { NameFormModal } from '@/features/admin/components/name-form-modal';
import { formatInstant } from '@/shared/format';
import { Hint } from '@/components/hint/hint';

const column = dataTableColumnHelper<AdminSchool>();
const count = (header: string) => ({
  header,
  enableSorting: false,
  meta: { width: 96, align: 'right' as const },
});

/** /admin/schools: every school with its head counts; new school, rename. */
export function AdminSchoolsPage() {
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const [keyword] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState({ keyword, index: 1 });
  const pageIndex = page.keyword === keyword ? page.index : 1;
  const list = useQuery(adminSchoolsQuery({ keyword, pageIndex }));
  // null: closed; 'new': creating; a school: renaming it
  const [editing, setEditing] = useState<AdminSchool | 'new' | null>(null);
  const create = useMutation(createSchoolMutation(queryClient));
  const rename = useMutation(renameSchoolMutation(queryClient));

  const columns = useMemo(
    () =>
      column.columns([
        column.accessor('name', { header: '学校', enableSorting: false }),
        column.accessor('teacherCount', count('教师')),
        column.accessor('studentCount', count('学生')),
        column.accessor('managerCount', count('学校管理员')),
        column.accessor('classCount', count('行政班')),
        column.accessor('createdAt', {
          header: '创建时间',
          enableSorting: false,
          meta: { width: 150 },
          cell: ({ getValue }) => formatInstant(getValue()),
        }),
        column.display({
          id: 'actions',
          header: '操作',
          meta: { width: 72, align: 'right' },
          cell: ({ row }) => (
            <Hint label="修改学校名称">
              <ActionIcon
                variant="subtle"
                aria-label={`修改 ${row.original.name} 的名称`}
                onClick={() => setEditing(row.original)}
              >
                <IconEdit size={18} aria-hidden />
              </ActionIcon>
            </Hint>
          ),
        }),
      ]),
    [],
  );
  const rows = list.data?.list;
  const data = useMemo(() => rows ?? [], [rows]);

  const save = async ({ name }: { name: string }) => {
    try {
      if (editing === 'new') {
        await create.mutateAsync(name);
        notifications.show({ color: 'teal', message: `已新建学校「${name}」` });
      } else if (editing) {
        await rename.mutateAsync({ schoolId: editing.schoolId, name });
        notifications.show({ color: 'teal', message: `学校已改名为「${name}」` });
      }
      return true;
    } catch {
      return false; // 学校名称已存在 arrives as the global error notification
    }
  };

  return (
    <Container size="xl" py="md">
      <Stack gap="lg">
        <AdminBackLink />
        <PageHeader
          title="学校管理"
          description="平台上的全部学校及其教师、学生、学校管理员与行政班数量。"
          actions={
            <Group gap="sm" align="flex-end">
              <TextInput
                aria-label="搜索学校"
                placeholder="学校名称"
                leftSection={<IconSearch size={16} aria-hidden />}
                value={search}
                onChange={(event) => setSearch(event.currentTarget.value)}
                w={220}
              />
              <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setEditing('new')}>
                新建学校
              </Button>
            </Group>
          }
        />
        <DataTable
          label="学校列表"
          columns={columns}
          data={data}
          getRowId={(row) => row.schoolId}
          {...tableQueryState(list)}
          empty={
            <EmptyState
              icon={<IconBuildingCommunity size={28} aria-hidden />}
              variant="light"
              title={keyword ? '没有符合条件的学校' : '还没有学校'}
              description={keyword ? '换一个关键字试试。' : '点击“新建学校”添加第一所学校。'}
            />
          }
          pagination={{
            page: pageIndex,
            pageSize: ADMIN_PAGE_SIZE,
            total: list.data?.total ?? 0,
            onPageChange: (index) => setPage({ keyword, index }),
          }}
        />
      </Stack>
      <NameFormModal
        opened={editing !== null}
        title={editing === 'new' ? '新建学校' : '修改学校名称'}
        nameLabel="学校名称"
        maxLength={64}
        initial={{ name: editing && editing !== 'new' ? editing.name : '', description: '', schoolId: '' }}
        submitLabel={editing === 'new' ? '新建' : '保存'}
        onSubmit={save}
        onClose={() => setEditing(null)}
      />
    </Container>
  );
}
