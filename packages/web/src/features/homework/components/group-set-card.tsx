import '@mantine/core/styles/Badge.layer.css';
import '@mantine/core/styles/Skeleton.layer.css';
import type { CourseGroupV2 } from '@dfrm/sdk/tms';
import { Badge, Button, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconEdit, IconLock, IconUsers } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useId } from 'react';
import { groupMembersQuery } from '@/features/homework/api/group-queries';
import { HOMEWORK_PATHS } from '@/features/homework/homework-paths';
import { WORK_GROUP_TYPE_LABELS } from '@/shared/labels';
import type { TeachingArea } from '@/shared/teaching-area';
import { errorMessage } from '@/shared/error-notifications';
import { TeamMembers } from './team-members';

/** Names of ungrouped students shown on the card; the rest are in 查看成员. */
const UNGROUPED_SHOWN = 12;

/** Why a locked set cannot be edited, said where the 编辑 button is disabled and on the edit page. */
export function lockReason(groupType: CourseGroupV2['groupType']): string {
  return `已有学生在使用该方案的作业中保存或提交了答案，替换小组会连同答案一起丢失，所以小组不能再调整${
    groupType === 2 ? '；学生仍可自行组建新的小组' : ''
  }。`;
}

/**
 * One group set of a course: its type, size limit, teams with leader and members, the
 * course's 在读 students in no team, the works using it and whether it is locked.
 */
export function GroupSetCard({
  area,
  schoolId,
  set,
  returnSearch,
  onViewMembers,
}: {
  area: TeachingArea;
  schoolId: string;
  set: CourseGroupV2;
  /** Brings the edit page back here (inside a class page). */
  returnSearch: { returnTo?: string };
  onViewMembers: () => void;
}) {
  const titleId = useId();
  const lockId = useId();
  const members = useQuery(groupMembersQuery(schoolId, set.workGroupId));
  const ungrouped = members.data?.ungrouped;

  return (
    <Paper withBorder radius="lg" p="lg" component="article" aria-labelledby={titleId}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" gap="sm">
          <div style={{ minWidth: 0 }}>
            <Group gap="xs">
              <Title order={3} fz="h4" id={titleId}>
                {set.groupName}
              </Title>
              <Badge variant="light" radius="sm">
                {WORK_GROUP_TYPE_LABELS[set.groupType]}
              </Badge>
              {set.locked ? (
                <Badge
                  variant="light"
                  color="orange"
                  radius="sm"
                  leftSection={<IconLock size={12} aria-hidden />}
                >
                  已锁定
                </Badge>
              ) : null}
            </Group>
            <Text size="sm" c="dimmed" mt={4}>
              每组最多 {set.maxMembers} 人 · {set.teamCount} 个小组 · 已分组 {set.memberCount} 人
            </Text>
          </div>
          <Group gap="xs">
            <Button
              variant="default"
              size="xs"
              leftSection={<IconUsers size={14} aria-hidden />}
              onClick={onViewMembers}
            >
              查看成员
            </Button>
            {set.locked ? (
              <Button
                size="xs"
                leftSection={<IconEdit size={14} aria-hidden />}
                disabled
                aria-describedby={lockId}
              >
                编辑
              </Button>
            ) : (
              <Button
                size="xs"
                leftSection={<IconEdit size={14} aria-hidden />}
                renderRoot={(props) => (
                  <Link
                    {...props}
                    to={HOMEWORK_PATHS[area].addGrouping}
                    params={{ courseId: set.courseId }}
                    search={{ workGroupId: set.workGroupId, ...returnSearch }}
                  />
                )}
              >
                编辑
              </Button>
            )}
          </Group>
        </Group>

        {set.locked ? (
          <Text size="sm" c="orange.9" id={lockId}>
            不能编辑：{lockReason(set.groupType)}
          </Text>
        ) : null}

        <div>
          <Text size="sm" fw={600}>
            使用该方案的作业
          </Text>
          {set.works.length === 0 ? (
            <Text size="sm" c="dimmed">
              还没有作业使用这个分组方案。
            </Text>
          ) : (
            <Group gap={6} mt={4} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
              {set.works.map((work) => (
                <Badge
                  key={work.workId}
                  component="li"
                  variant="outline"
                  color={work.publishStatus === 1 ? 'teal' : 'gray'}
                  radius="sm"
                  tt="none"
                >
                  {work.title}（{work.publishStatus === 1 ? '已发布' : '草稿'}）
                </Badge>
              ))}
            </Group>
          )}
        </div>

        {set.teams.length === 0 ? (
          <Text size="sm" c="dimmed">
            {set.groupType === 2 ? '学生还没有组队：学生在作业中自行创建小组并邀请同学。' : '还没有小组。'}
          </Text>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
            {set.teams.map((team) => (
              <Paper key={team.groupId} withBorder radius="md" p="sm" bg="gray.0">
                <Group justify="space-between" gap="xs" mb={6}>
                  <Text size="sm" fw={600}>
                    {team.groupName}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {team.members.length} 人
                  </Text>
                </Group>
                <TeamMembers team={team} />
              </Paper>
            ))}
          </SimpleGrid>
        )}

        <div>
          <Text size="sm" fw={600}>
            未分组的在读学生
            {ungrouped ? `（${ungrouped.length} 人）` : ''}
          </Text>
          {members.isPending ? (
            <Skeleton height={18} width="60%" mt={4} aria-label="正在加载未分组学生" />
          ) : members.isError ? (
            <Text size="sm" c="red.8">
              未分组学生加载失败：{errorMessage(members.error)}
            </Text>
          ) : members.data.ungrouped.length === 0 ? (
            <Text size="sm" c="dimmed">
              课程的在读学生都已分组。
            </Text>
          ) : (
            <Text size="sm">
              {members.data.ungrouped
                .slice(0, UNGROUPED_SHOWN)
                .map((student) => student.studentName)
                .join('、')}
              {members.data.ungrouped.length > UNGROUPED_SHOWN
                ? ` 等 ${members.data.ungrouped.length} 人，完整名单见“查看成员”`
                : ''}
            </Text>
          )}
        </div>
      </Stack>
    </Paper>
  );
}
