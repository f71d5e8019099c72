import { ActionIcon, Group, Text } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { LOGIN_PATH } from '@/shared/session/entry-paths';
import { useSession, useSessionApi } from '@/shared/session/session-context';
import { ROLE_LABELS } from '@/shared/labels';
import { displayName } from '@/shared/session/session-store';
import { signOut } from '@/shared/session/sign-out';
import classes from './shell.module.css';
import { Hint } from '@/components/hint/hint';

/**
 * Who is signed in, where and as what; and the way out. `full` (the small-screen menu) always
 * shows the name and school, which the header drops on the narrowest screens.
 */
export function UserPanel({ full = false }: { full?: boolean }) {
  const session = useSessionApi();
  const { user, school } = useSession();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [leaving, setLeaving] = useState(false);
  if (!user) return null;
  const name = displayName(user);
  const schoolName = school.schoolName || '未加入学校';

  return (
    <Group gap="sm" wrap="nowrap" justify={full ? 'space-between' : undefined}>
      <Group gap="xs" wrap="nowrap" role="group" aria-label="当前用户">
        {/* A plain circle: Mantine's Avatar would add 1.5 KB gzip to every page's first load. */}
        <span className={classes.avatar} aria-hidden>
          {user.portraitUrl ? <img src={user.portraitUrl} alt="" /> : name.slice(0, 1).toUpperCase()}
        </span>
        <div className={full ? classes.userTextFull : classes.userText}>
          <Text size="sm" fw={600} lh={1.2} truncate data-testid="header-user-name">
            {name}
          </Text>
          <Group gap={6} wrap="nowrap">
            <Text size="xs" c="dimmed" lh={1.3} truncate>
              {schoolName}
            </Text>
            {school.type ? <span className={classes.roleTag}>{ROLE_LABELS[school.type]}</span> : null}
          </Group>
        </div>
      </Group>
      <Hint label="退出登录">
        <ActionIcon
          variant="subtle"
          color="gray"
          size="lg"
          aria-label="退出登录"
          loading={leaving}
          onClick={async () => {
            setLeaving(true);
            await signOut(session, queryClient);
            await navigate({ to: LOGIN_PATH });
          }}
        >
          <IconLogout size={20} aria-hidden />
        </ActionIcon>
      </Hint>
    </Group>
  );
}
