import '@mantine/core/styles/Badge.layer.css';
import type { WorkGroupMember, WorkGroupTeam } from '@dfrm/sdk/tms';
import { Badge, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A team's members, leader first as the server lists them: name, student number and
 * administrative class, the leader marked 组长 (and the reader 我). `action` adds a control
 * at the end of a member's line (the student's 移出小组 / 退出小组).
 */
export function TeamMembers({
  team,
  meUserId,
  action,
}: {
  team: WorkGroupTeam;
  meUserId?: string | undefined;
  action?: (member: WorkGroupMember) => ReactNode;
}) {
  return (
    <Stack
      component="ul"
      gap={6}
      aria-label={`${team.groupName}的成员`}
      style={{ listStyle: 'none', padding: 0, margin: 0 }}
    >
      {team.members.map((member) => (
        <Group key={member.memberId} component="li" gap="xs" justify="space-between" wrap="nowrap">
          <Group gap={6} wrap="wrap" style={{ minWidth: 0 }}>
            <Text size="sm" fw={member.isLeader ? 600 : 400}>
              {member.studentName}
            </Text>
            {member.isLeader ? (
              <Badge size="sm" variant="light" color="blue" radius="sm">
                组长
              </Badge>
            ) : null}
            {meUserId && member.userId === meUserId ? (
              <Badge size="sm" variant="outline" color="gray" radius="sm">
                我
              </Badge>
            ) : null}
            <Text size="xs" c="dimmed">
              {member.studentNumber} · {member.className}
            </Text>
          </Group>
          {action?.(member)}
        </Group>
      ))}
    </Stack>
  );
}
