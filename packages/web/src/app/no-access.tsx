import type { SchoolRole } from '@dfrm/sdk/tms';
import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useSuspenseQuery } from '@tanstack/react-query';
import { type ErrorComponentProps, Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { isAdminRequiredError, isRoleRequiredError } from './role-guard';
import { RouteError } from './route-error';
import { currentSchoolQuery } from '@/shared/session/school-info';
import { ROLE_LABELS } from '@/shared/labels';

/** The page of a route meant for another role. */
export function NoAccess({
  allowed,
  current,
  allowedLabel,
}: {
  allowed: readonly SchoolRole[];
  current: SchoolRole | null;
  /** Who may use the page when it is not a school role (平台管理员). */
  allowedLabel?: string;
}) {
  return (
    <Center mih="50vh">
      <Stack align="center" gap="sm" maw={420} ta="center">
        <IconLock size={40} color="var(--mantine-color-gray-5)" aria-hidden />
        <Title order={2}>无权访问</Title>
        <Text c="dimmed">
          该页面仅限{allowedLabel ?? allowed.map((role) => ROLE_LABELS[role]).join('或')}使用
          {current ? `，你当前的身份是${ROLE_LABELS[current]}` : '，你还没有选择学校身份'}。
        </Text>
        <Button component={Link} to="/course" mt="md">
          返回课程首页
        </Button>
      </Stack>
    </Center>
  );
}

/** The router's error component: 无权访问 for a role refusal, the usual load failure otherwise. */
export function RoleGuardError(props: ErrorComponentProps) {
  const { error } = props;
  if (isRoleRequiredError(error)) return <NoAccess allowed={error.allowed} current={error.current} />;
  if (isAdminRequiredError(error))
    return <NoAccess allowed={[]} allowedLabel="平台管理员" current={error.current} />;
  return <RouteError {...props} />;
}

/**
 * Keeps a role-guarded area honest after a role switch on the page (the
 * route's beforeLoad ran under the old role).
 */
export function RoleGate({ allowed, children }: { allowed: readonly SchoolRole[]; children: ReactNode }) {
  const { data: current } = useSuspenseQuery(currentSchoolQuery());
  if (!current.type || !allowed.includes(current.type))
    return <NoAccess allowed={allowed} current={current.type} />;
  return children;
}
