import type { User } from '@dfrm/sdk/user';
import { Button, Stack, Text, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { logout } from '@dfrm/sdk/user';
import { endLocalSession } from '@/shared/session/sign-out';
import { useSessionApi } from '@/shared/session/session-context';
import { useAppForm } from '@/lib/form';
import { changePasswordMutationOptions } from '@/features/account/api/account-mutations';
import { FormFailure } from './form-failure';
import { newPasswordSchema, passwordSchema } from './login-schemas';

/**
 * 修改初始密码: an imported student's password is the last 6 digits of their
 * number, known to the class, so the platform opens only after they choose
 * their own. After a login that says so the session is not stored meanwhile:
 * leaving the page means logging in again. A stored session the server refused
 * with 请先修改初始密码 is sent here by the route guard. `oldPassword` is what
 * the login just used (absent after an SMS login or for a stored session, when
 * the form asks for it).
 */
export function ChangeInitialPasswordForm({
  user,
  oldPassword,
  onChanged,
  onLeft,
}: {
  user: User;
  oldPassword?: string | undefined;
  onChanged: () => Promise<void>;
  /** After 退出登录: someone who is not this student, or does not know the password, is back at the login. */
  onLeft: () => void;
}) {
  const session = useSessionApi();
  const queryClient = useQueryClient();
  // the token of this login is revoked, and a stored session forgotten, whatever the server answers
  const leave = useMutation({
    mutationFn: () => logout({ headers: { token: user.token, userId: user.userId } }).catch(() => undefined),
    onSettled: () => {
      if (session.auth()?.token === user.token) endLocalSession(session, queryClient);
      onLeft();
    },
    meta: { silentError: true },
  });
  const change = useMutation(changePasswordMutationOptions());
  const form = useAppForm({
    defaultValues: { oldPassword: oldPassword ?? '', newPassword: '', confirm: '' },
    onSubmit: async ({ value }) => {
      try {
        await change.mutateAsync({
          oldPassword: value.oldPassword,
          newPassword: value.newPassword,
          auth: { token: user.token, userId: user.userId },
        });
      } catch {
        return; // change.error is shown in the form
      }
      await onChanged();
    },
  });

  return (
    <form
      noValidate
      aria-label="修改初始密码"
      onSubmit={(event) => {
        event.preventDefault();
        void form.handleSubmit();
      }}
    >
      <Title order={2}>修改初始密码</Title>
      <Text c="dimmed" size="sm" mt={6} mb="lg">
        您正在使用初始密码（学号后 6 位）或管理员重置的临时密码，请设置自己的密码后进入平台
      </Text>
      <Stack gap="md">
        {oldPassword === undefined ? (
          <form.AppField name="oldPassword" validators={{ onChange: passwordSchema }}>
            {(field) => (
              <field.PasswordField
                label="原密码"
                placeholder="学号后 6 位，或管理员给的临时密码"
                autoComplete="current-password"
                size="md"
                leftSection={<IconLock size={18} aria-hidden />}
                visibilityToggleButtonProps={{ 'aria-label': '显示或隐藏原密码' }}
              />
            )}
          </form.AppField>
        ) : null}
        <form.AppField name="newPassword" validators={{ onChange: newPasswordSchema }}>
          {(field) => (
            <field.PasswordField
              label="新密码"
              placeholder="请输入新密码"
              description="8–64 位，须含字母和数字，不能有空格"
              autoComplete="new-password"
              size="md"
              leftSection={<IconLock size={18} aria-hidden />}
              visibilityToggleButtonProps={{ 'aria-label': '显示或隐藏新密码' }}
            />
          )}
        </form.AppField>
        <form.AppField
          name="confirm"
          validators={{
            onChangeListenTo: ['newPassword'],
            onChange: ({ value, fieldApi }) =>
              value === ''
                ? '请再次输入新密码'
                : value !== fieldApi.form.getFieldValue('newPassword')
                  ? '两次输入的新密码不一致'
                  : undefined,
          }}
        >
          {(field) => (
            <field.PasswordField
              label="确认新密码"
              placeholder="再次输入新密码"
              autoComplete="new-password"
              size="md"
              leftSection={<IconLock size={18} aria-hidden />}
              visibilityToggleButtonProps={{ 'aria-label': '显示或隐藏确认密码' }}
            />
          )}
        </form.AppField>
        <FormFailure error={change.error} />
        <form.AppForm>
          <form.SubmitButton fullWidth size="md" mt="xs">
            确认修改
          </form.SubmitButton>
        </form.AppForm>
        <Button variant="subtle" color="gray" loading={leave.isPending} onClick={() => leave.mutate()}>
          退出登录，换个账号
        </Button>
      </Stack>
    </form>
  );
}

export default ChangeInitialPasswordForm;
