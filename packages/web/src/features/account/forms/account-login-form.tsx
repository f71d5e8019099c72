import type { LoginUser } from '@dfrm/sdk/user';
import { Stack } from '@mantine/core';
import { IconLock, IconUser } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useAppForm } from '@/lib/form';
import { loginMutationOptions } from '@/features/account/api/account-mutations';
import { FormFailure } from './form-failure';
import { accountSchema, passwordSchema } from './login-schemas';

/** 账号登录: account and password. */
export function AccountLoginForm({
  onLoggedIn,
}: {
  onLoggedIn: (user: LoginUser, password?: string) => Promise<void>;
}) {
  const login = useMutation(loginMutationOptions());
  const form = useAppForm({
    defaultValues: { account: '', password: '' },
    onSubmit: async ({ value }) => {
      let user: LoginUser;
      try {
        user = await login.mutateAsync({ account: value.account.trim(), password: value.password });
      } catch {
        return; // login.error is shown in the form
      }
      await onLoggedIn(user, value.password);
    },
  });

  return (
    <form
      noValidate
      aria-label="账号登录"
      onSubmit={(event) => {
        event.preventDefault();
        void form.handleSubmit();
      }}
    >
      <Stack gap="md">
        <form.AppField name="account" validators={{ onChange: accountSchema }}>
          {(field) => (
            <field.TextField
              label="账号"
              placeholder="请输入账号"
              autoComplete="username"
              size="md"
              leftSection={<IconUser size={18} aria-hidden />}
            />
          )}
        </form.AppField>
        <form.AppField name="password" validators={{ onChange: passwordSchema }}>
          {(field) => (
            <field.PasswordField
              label="密码"
              placeholder="请输入密码"
              autoComplete="current-password"
              size="md"
              leftSection={<IconLock size={18} aria-hidden />}
              visibilityToggleButtonProps={{ 'aria-label': '显示或隐藏密码' }}
            />
          )}
        </form.AppField>
        <FormFailure error={login.error} />
        <form.AppForm>
          <form.SubmitButton fullWidth size="md" mt="xs">
            登录
          </form.SubmitButton>
        </form.AppForm>
      </Stack>
    </form>
  );
}
