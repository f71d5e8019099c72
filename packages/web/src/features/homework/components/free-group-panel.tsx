import '@mantine/core/styles/Checkbox.layer.css';
import '@mantine/core/styles/Skeleton.layer.css';
import { ApiError, ErrCode } from '@dfrm/sdk';
import type { MyCourseStudentV2, WorkGroupMember, WorkGroupTeam } from '@dfrm/sdk/tms';
import {
  Alert,
  Button,
  Checkbox,
  Group,
  Paper,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconSearch } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { LoadError } from '@/components/feedback/load-error';
import { createMyTeamMutation, removeTeamMemberMutation } from '@/features/homework/api/group-mutations';
import {
  CLASSMATES_PAGE_SIZE,
  groupClassmatesQuery,
  groupKeys,
  myCurGroupQuery,
} from '@/features/homework/api/group-queries';
import { errorMessage } from '@/shared/error-notifications';
import { openConfirmModal } from '@/shared/overlays';
import { useSession } from '@/shared/session/session-context';
import { TeamMembers } from './team-members';

export interface FreeGroupPanelProps {
  schoolId: string;
  /** The group work the team is for (its classes are whom classmates are picked from). */
  workId: string;
  /** The work's group set (the work detail's workGroupId). */
  workGroupId: string;
}

/**
 * 我的小组, for the student's page of a group work: their team with its leader and members;
 * without one, under free grouping (学生自由组队), 创建小组 with classmates still without a
 * team, within the set's size limit. The leader removes members and a member leaves, with a
 * confirmation; what the server refuses (the deadline passed, a classmate just taken) is said
 * in the panel, and what was typed and picked stays.
 */
export function FreeGroupPanel({ schoolId, workId, workGroupId }: FreeGroupPanelProps) {
  const titleId = useId();
  const mine = useQuery(myCurGroupQuery(schoolId, workGroupId));

  let body;
  if (mine.isPending) {
    body = (
      <Stack gap="xs" aria-busy="true" aria-label="正在加载我的小组">
        <Skeleton height={16} width="40%" radius="sm" />
        <Skeleton height={16} width="70%" radius="sm" />
        <Skeleton height={16} width="60%" radius="sm" />
      </Stack>
    );
  } else if (mine.isError) {
    body = <LoadError title="小组加载失败" error={mine.error} onRetry={() => void mine.refetch()} />;
  } else if (mine.data.group) {
    body = (
      <MyTeam
        schoolId={schoolId}
        team={mine.data.group}
        free={mine.data.groupType === 2}
        maxMembers={mine.data.maxMembers}
      />
    );
  } else if (mine.data.groupType === 2) {
    body = (
      <CreateTeam
        schoolId={schoolId}
        workId={workId}
        maxMembers={mine.data.maxMembers}
        onRefused={() => void mine.refetch()}
      />
    );
  } else {
    body = (
      <Text size="sm" c="dimmed">
        老师还没有把你分到小组。这份作业的小组由老师安排，请联系任课教师。
      </Text>
    );
  }

  return (
    <Paper component="section" aria-labelledby={titleId} withBorder radius="lg" p="lg">
      <Title order={2} fz="h4" id={titleId} mb="sm">
        我的小组
      </Title>
      {body}
    </Paper>
  );
}

function MyTeam({
  schoolId,
  team,
  free,
  maxMembers,
}: {
  schoolId: string;
  team: WorkGroupTeam;
  free: boolean;
  maxMembers: number;
}) {
  const { user } = useSession();
  const meUserId = user?.userId;
  const remove = useMutation(removeTeamMemberMutation());
  const me = team.members.find((member) => member.userId === meUserId);
  const leading = me?.isLeader ?? false;

  const confirm = (member: WorkGroupMember) => {
    const leaving = member.userId === meUserId;
    openConfirmModal({
      title: leaving ? '退出小组' : '移出小组',
      centered: true,
      children: (
        <Text size="sm">
          {leaving
            ? `确定退出“${team.groupName}”吗？退出后你看不到小组的作答，需要重新创建或加入小组。`
            : `确定将${member.studentName}移出“${team.groupName}”吗？移出后对方看不到小组的作答。`}
        </Text>
      ),
      labels: { confirm: leaving ? '退出' : '移出', cancel: '取消' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(
          { schoolId, groupId: team.groupId, memberId: member.memberId, studentId: member.studentId },
          {
            onSuccess: () =>
              notifications.show({
                color: 'teal',
                message: leaving ? '你已退出小组' : `已将${member.studentName}移出小组`,
              }),
          },
        ),
    });
  };

  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        小组作业全组共用一份答案：任一成员保存或提交都对全组生效，成绩记给每位成员。
      </Text>
      <Text size="sm">
        <Text span fw={600}>
          {team.groupName}
        </Text>
        <Text span c="dimmed">
          {' '}
          · {team.members.length} / {maxMembers} 人
        </Text>
      </Text>
      <TeamMembers
        team={team}
        meUserId={meUserId}
        action={(member) => {
          if (!free || member.isLeader) return null;
          if (leading) {
            return (
              <Button
                size="compact-xs"
                variant="subtle"
                color="red"
                aria-label={`将${member.studentName}移出小组`}
                loading={remove.isPending && remove.variables?.memberId === member.memberId}
                onClick={() => confirm(member)}
              >
                移出小组
              </Button>
            );
          }
          if (member.userId === meUserId) {
            return (
              <Button
                size="compact-xs"
                variant="subtle"
                color="red"
                loading={remove.isPending}
                onClick={() => confirm(member)}
              >
                退出小组
              </Button>
            );
          }
          return null;
        }}
      />
      {remove.isError ? (
        <Alert color="red" icon={<IconAlertTriangle size={18} aria-hidden />} title="操作未完成" role="alert">
          {errorMessage(remove.error)}
        </Alert>
      ) : null}
      <Text size="xs" c="dimmed">
        {free
          ? leading
            ? '你是组长，可以移出成员；小组作业提交后成员不能再调整。'
            : '小组作业提交前可以退出小组；组长负责调整成员。'
          : '小组由老师安排，如需调整请联系任课教师。'}
      </Text>
    </Stack>
  );
}

function CreateTeam({
  schoolId,
  workId,
  maxMembers,
  onRefused,
}: {
  schoolId: string;
  workId: string;
  maxMembers: number;
  /** A refusal that may mean the caller's own team changed meanwhile: read it again. */
  onRefused: () => void;
}) {
  const [groupName, setGroupName] = useState('');
  const [search, setSearch] = useState('');
  const [keyword] = useDebouncedValue(search.trim(), 300);
  const [picked, setPicked] = useState<MyCourseStudentV2[]>([]);
  const queryClient = useQueryClient();
  const classmates = useQuery(groupClassmatesQuery({ schoolId, workId, keyword }));
  const create = useMutation(createMyTeamMutation());
  const room = Math.max(0, maxMembers - 1);
  const full = picked.length >= room;
  const pickedIds = new Set(picked.map((mate) => mate.studentId));
  const others = (classmates.data?.list ?? []).filter((mate) => !pickedIds.has(mate.studentId));
  const nameTooLong = groupName.trim().length > 50;

  const toggle = (mate: MyCourseStudentV2, checked: boolean) =>
    setPicked((current) =>
      checked ? [...current, mate] : current.filter((one) => one.studentId !== mate.studentId),
    );

  const submit = () => {
    if (nameTooLong) return;
    create.mutate(
      { schoolId, workId, groupName: groupName.trim(), studentIds: picked.map((mate) => mate.studentId) },
      {
        onSuccess: (team) => notifications.show({ color: 'teal', message: `已创建小组“${team.groupName}”` }),
        onError: (error) => {
          // someone was just taken (or the caller joined a team elsewhere): show the lists as they
          // are now, for every search (a cached list of another search would show the taken one)
          if (error instanceof ApiError && error.errCode === ErrCode.conflict) {
            void queryClient.invalidateQueries({ queryKey: [...groupKeys.all, 'classmates'] });
            onRefused();
          }
        },
      },
    );
  };

  const mateBox = (mate: MyCourseStudentV2, checked: boolean) => (
    <Checkbox
      key={mate.studentId}
      checked={checked}
      disabled={create.isPending || (!checked && full)}
      onChange={(event) => toggle(mate, event.currentTarget.checked)}
      label={`${mate.studentName}（${mate.studentNumber} · ${mate.className}）`}
    />
  );

  return (
    <Stack gap="md">
      <Text size="sm">
        你还没有小组。创建小组后你就是组长，可以再选 {room} 名尚未组队的同学一起（每组最多 {maxMembers}{' '}
        人，含组长）；作业截止后不能再组队。
      </Text>
      <TextInput
        label="小组名称"
        placeholder="可不填，默认为“你的姓名的小组”"
        maxLength={50}
        value={groupName}
        error={nameTooLong ? '小组名称最长 50 个字符' : undefined}
        onChange={(event) => setGroupName(event.currentTarget.value)}
        w={{ base: '100%', sm: 360 }}
      />

      <Stack gap={6} component="fieldset" style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
        <Text component="legend" size="sm" fw={500}>
          选择同学（已选 {picked.length} / {room}）
        </Text>
        {picked.length > 0 ? (
          <Stack gap={6} aria-label="已选同学" role="group">
            {picked.map((mate) => mateBox(mate, true))}
          </Stack>
        ) : null}
        <TextInput
          label="搜索同学"
          placeholder="姓名或学号"
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          w={{ base: '100%', sm: 360 }}
        />
        {classmates.isPending ? (
          <Stack gap={6} aria-busy="true" aria-label="正在加载同学">
            <Skeleton height={18} width="50%" />
            <Skeleton height={18} width="45%" />
            <Skeleton height={18} width="55%" />
          </Stack>
        ) : classmates.isError ? (
          <LoadError
            title="同学名单加载失败"
            error={classmates.error}
            onRetry={() => void classmates.refetch()}
          />
        ) : others.length === 0 ? (
          <Text size="sm" c="dimmed">
            {keyword ? '没有符合条件、尚未组队的同学。' : '没有其他尚未组队的同学。'}
          </Text>
        ) : (
          <Stack gap={6} aria-label="尚未组队的同学" role="group">
            {others.map((mate) => mateBox(mate, false))}
            {classmates.data.total > CLASSMATES_PAGE_SIZE ? (
              <Text size="xs" c="dimmed">
                共 {classmates.data.total} 名尚未组队的同学，这里显示前 {CLASSMATES_PAGE_SIZE}{' '}
                名；用搜索查找其他同学。
              </Text>
            ) : null}
          </Stack>
        )}
        {full && room > 0 ? (
          <Text size="xs" c="dimmed">
            已达到每组人数上限，不能再选。
          </Text>
        ) : null}
      </Stack>

      {create.isError ? (
        <Alert
          color="red"
          icon={<IconAlertTriangle size={18} aria-hidden />}
          title="没有创建小组"
          role="alert"
        >
          {errorMessage(create.error)}
        </Alert>
      ) : null}
      <Group>
        <Button loading={create.isPending} disabled={nameTooLong} onClick={submit}>
          创建小组
        </Button>
      </Group>
    </Stack>
  );
}
