import '@mantine/core/styles/Badge.layer.css';
import type { WorkGroupTeam } from '@dfrm/sdk/tms';
import { Alert, Badge, Group, Paper, Text, Title } from '@mantine/core';
import { IconUsersGroup } from '@tabler/icons-react';

/** A group work's team: its members, and that the answer is the team's, shared by all. */
export function WorkTeam({ team, workGroupName }: { team: WorkGroupTeam | null; workGroupName: string }) {
  if (!team) {
    return (
      <Alert color="yellow" icon={<IconUsersGroup size={18} aria-hidden />} title="你还不在这份作业的小组里">
        这是小组作业{workGroupName ? `（分组：${workGroupName}）` : ''}
        ，加入小组后才能作答。请联系老师安排分组。
      </Alert>
    );
  }
  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="work-team-title">
      <Group gap="xs">
        <IconUsersGroup size={20} aria-hidden color="var(--mantine-color-brand-7)" />
        <Title order={2} fz="h4" id="work-team-title">
          我的小组：{team.groupName}
        </Title>
      </Group>
      <Text size="sm" c="dimmed" mt={4}>
        小组作业全组共用一份答案：任一成员保存或提交都对全组生效，成绩记给每位成员。
      </Text>
      <Group gap="xs" component="ul" mt="sm" mb={0} p={0} style={{ listStyle: 'none' }} aria-label="小组成员">
        {team.members.map((member) => (
          <li key={member.memberId}>
            <Badge variant={member.isLeader ? 'filled' : 'light'} radius="sm" tt="none" fw={500} size="lg">
              {member.studentName}
              {member.isLeader ? '（组长）' : ''}
            </Badge>
          </li>
        ))}
      </Group>
    </Paper>
  );
}
