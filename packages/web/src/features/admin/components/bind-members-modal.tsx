import '@mantine/core/styles/ScrollArea.layer.css';
import type { UserSearchItem } from '@dfrm/sdk/user';
import { Button, Group, Loader, Modal, ScrollArea, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { LoadError } from '@/components/feedback/load-error';
import { bindMembersMutation } from '@/features/admin/api/admin-mutations';
import { bindCandidatesQuery } from '@/features/admin/api/admin-queries';
import { ROLE_LABELS } from '@/shared/labels';

/** 添加成员: search the accounts of the group's school that are not in it yet, add one at a time. */
export function BindMembersModal({
  opened,
  groupId,
  schoolId,
  onClose,
}: {
  opened: boolean;
  groupId: string;
  schoolId: string;
  onClose: () => void;
}) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="添加成员"
      size="lg"
      centered
      closeButtonProps={{ 'aria-label': '关闭' }}
    >
      {opened ? <Candidates groupId={groupId} schoolId={schoolId} /> : null}
    </Modal>
  );
}

function Candidates({ groupId, schoolId }: { groupId: string; schoolId: string }) {
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const [keyword] = useDebouncedValue(search.trim(), 300);
  const candidates = useQuery(bindCandidatesQuery(groupId, schoolId, keyword));
  const bind = useMutation(bindMembersMutation(queryClient, groupId));

  const add = (user: UserSearchItem) =>
    bind.mutate([user.userId], {
      onSuccess: () =>
        notifications.show({ color: 'teal', message: `已将「${user.realName || user.userName}」加入用户组` }),
    });

  const list = candidates.data?.list ?? [];
  return (
    <Stack gap="md">
      <TextInput
        aria-label="搜索要添加的用户"
        placeholder="账号、姓名或手机号"
        leftSection={<IconSearch size={16} aria-hidden />}
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
        data-autofocus
      />
      {candidates.isPending ? (
        <Group justify="center" py="md">
          <Loader size="sm" aria-label="正在搜索" />
        </Group>
      ) : candidates.isError ? (
        <LoadError title="搜索失败" error={candidates.error} onRetry={() => void candidates.refetch()} />
      ) : list.length === 0 ? (
        <Text size="sm" c="dimmed" ta="center" py="md">
          {keyword ? '没有符合条件、且不在组内的用户' : '该学校的用户都已在组内'}
        </Text>
      ) : (
        <ScrollArea.Autosize mah={360}>
          <Stack
            gap={0}
            component="ul"
            role="list"
            aria-label="可添加的用户"
            style={{ listStyle: 'none', padding: 0, margin: 0 }}
          >
            {list.map((user) => (
              <Group
                key={user.userId}
                component="li"
                justify="space-between"
                wrap="nowrap"
                py={8}
                style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
              >
                <div style={{ minWidth: 0 }}>
                  <Text size="sm" fw={500} truncate>
                    {user.realName || user.userName}
                    <Text span size="sm" c="dimmed" ml={6}>
                      {user.userName}
                    </Text>
                  </Text>
                  <Text size="xs" c="dimmed" truncate>
                    {user.schools
                      .find((school) => school.schoolId === schoolId)
                      ?.roles.map((role) => ROLE_LABELS[role])
                      .join('、') ?? ''}
                  </Text>
                </div>
                <Button
                  size="xs"
                  variant="light"
                  leftSection={<IconPlus size={14} aria-hidden />}
                  aria-label={`添加 ${user.userName}`}
                  loading={bind.isPending && bind.variables?.[0] === user.userId}
                  onClick={() => add(user)}
                >
                  添加
                </Button>
              </Group>
            ))}
          </Stack>
        </ScrollArea.Autosize>
      )}
      {candidates.data && candidates.data.total > list.length ? (
        <Text size="xs" c="dimmed">
          共 {candidates.data.total} 人，只显示前 {list.length} 人，请输入关键字缩小范围。
        </Text>
      ) : null}
    </Stack>
  );
}
