import type { SchoolRole } from '@dfrm/sdk/tms';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { switchSchoolRole } from '@/shared/session/school-info';
import { useSession, useSessionApi } from '@/shared/session/session-context';
import { ROLE_LABELS } from '@/shared/labels';
import { SegmentedChoice, type SegmentedChoiceItem } from '@/components/segmented-choice/segmented-choice';

const CHOICES: SegmentedChoiceItem<SchoolRole>[] = [
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
    <SegmentedChoice<SchoolRole | ''>
      label="切换身份"
      size="xs"
      data={CHOICES}
      value={change.isPending ? change.variables : (school.type ?? '')}
      disabled={change.isPending}
      onChange={(value) => {
        if (value && value !== school.type) change.mutate(value);
      }}
    />
  );
}
