import type { SchoolRole } from '@dfrm/sdk/tms';
import { SegmentedControl } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { switchSchoolRole } from '@/shared/session/school-info';
import { useSession, useSessionApi } from '@/shared/session/session-context';
import { ROLE_LABELS } from '@/shared/labels';

const CHOICES: { value: SchoolRole; label: string }[] = [
  { value: 'teacher', label: ROLE_LABELS.teacher },
  { value: 'student', label: ROLE_LABELS.student },
];

/** 教师/学生: enters the current school with the other role and refreshes what the page shows. */
export default function RoleSwitchControl() {
  const session = useSessionApi();
  const { school } = useSession();
  const queryClient = useQueryClient();
  const change = useMutation({
    mutationKey: ['clientUser', 'switchRole'],
    mutationFn: (role: SchoolRole) => switchSchoolRole(queryClient, session, role),
    onSuccess: (next) => {
      if (next.type) notifications.show({ color: 'teal', message: `已切换为${ROLE_LABELS[next.type]}身份` });
    },
  });
  return (
    <SegmentedControl
      aria-label="切换身份"
      size="xs"
      data={CHOICES}
      value={change.isPending ? change.variables : (school.type ?? '')}
      disabled={change.isPending}
      onChange={(value) => {
        if (value !== school.type) change.mutate(value as SchoolRole);
      }}
    />
  );
}
