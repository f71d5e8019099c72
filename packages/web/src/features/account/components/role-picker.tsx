import type { SchoolRole } from '@dfrm/sdk/tms';
import { SimpleGrid, Stack, Text, ThemeIcon, Title, UnstyledButton } from '@mantine/core';
import { IconChalkboard, IconSchool } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { switchSchoolRole } from '@/shared/session/school-info';
import { useSessionApi } from '@/shared/session/session-context';
import { ROLE_LABELS } from '@/shared/labels';
import type { SchoolInfo } from '@/shared/session/session-store';
import classes from '@/features/account/pages/login-page.module.css';

const CHOICES: { role: SchoolRole; icon: typeof IconSchool; description: string }[] = [
  { role: 'teacher', icon: IconChalkboard, description: '管理班级、通知、作业与考试' },
  { role: 'student', icon: IconSchool, description: '学习课程，完成作业与考试' },
];

/** After login, for a user who is both teacher and student in the school: pick one for this visit. */
export default function RolePicker({ school, onChosen }: { school: SchoolInfo; onChosen: () => void }) {
  const session = useSessionApi();
  const queryClient = useQueryClient();
  const choose = useMutation({
    mutationKey: ['clientUser', 'chooseRole'],
    mutationFn: (role: SchoolRole) => switchSchoolRole(queryClient, session, role),
    onSuccess: () => onChosen(),
  });

  return (
    <Stack gap="lg">
      <div>
        <Title order={2} className={classes.cardTitle}>
          选择身份
        </Title>
        <Text c="dimmed" size="sm" mt={6}>
          你在{school.schoolName || '当前学校'}
          同时拥有教师和学生身份，请选择本次使用的身份，进入后也可以在页面顶部切换。
        </Text>
      </div>
      <SimpleGrid cols={2} spacing="md">
        {CHOICES.map(({ role, icon: Icon, description }) => (
          <UnstyledButton
            key={role}
            className={classes.roleCard}
            aria-label={`以${ROLE_LABELS[role]}身份进入`}
            data-current={school.type === role || undefined}
            disabled={choose.isPending}
            onClick={() => choose.mutate(role)}
          >
            <ThemeIcon size={44} radius="md" variant="light">
              <Icon size={24} aria-hidden />
            </ThemeIcon>
            <Text fw={650} mt="sm">
              {ROLE_LABELS[role]}
            </Text>
            <Text size="xs" c="dimmed" mt={4}>
              {description}
            </Text>
          </UnstyledButton>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
