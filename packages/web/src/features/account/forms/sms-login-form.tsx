import type { LoginUser } from '@dfrm/sdk/user';
import { Group, Stack, Text } from '@mantine/core';
import { IconDeviceMobile, IconShieldCheck } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useAppForm } from '@/lib/form';
import { loginMutationOptions, sendSmsCodeMutationOptions } from '@/features/account/api/account-mutations';
import { SmsCodeButton } from '@/features/account/components/sms-code-button';
import { FormFailure } from './form-failure';
import { phoneSchema, smsCodeSchema } from './login-schemas';

function maskPhone(phone: string): string {
  return phone.replace(/^(\d{3})\d{4}(\d{4})$/, '$1****$2');
}

/** 短信登录: phone number and a 6-digit code sent by SMS. */
export default function SmsLoginForm({
  onLoggedIn,
}: {
  onLoggedIn: (user: LoginUser, password?: string) => Promise<void>;
}) {
  const login = useMutation(loginMutationOptions());
  const send = useMutation(sendSmsCodeMutationOptions());
  const [failure, setFailure] = useState<unknown>(null);
  const [sentHint, setSentHint] = useState('');

  const form = useAppForm({
    defaultValues: { phoneNumber: '', smsCode: '' },
    onSubmit: async ({ value }) => {
      setFailure(null);
      let user: LoginUser;
      try {
        user = await login.mutateAsync({
          phoneNumber: value.phoneNumber.trim(),
          smsCode: value.smsCode.trim(),
        });
      } catch (error) {
        setFailure(error);
        return;
      }
      await onLoggedIn(user);
    },
  });

  const requestCode = async (): Promise<number | null> => {
    // The phone number must be valid before a code is sent: show its error as if the field was left.
    form.setFieldMeta('phoneNumber', (meta) => ({ ...meta, isTouched: true, isBlurred: true }));
    const errors = await form.validateField('phoneNumber', 'change');
    if (errors.length > 0) return null;
    const phone = form.getFieldValue('phoneNumber').trim();
    setFailure(null);
    try {
      const sent = await send.mutateAsync(phone);
      const minutes = Math.max(1, Math.round(sent.validSeconds / 60));
      setSentHint(`验证码已发送至 ${maskPhone(phone)}，${minutes} 分钟内有效`);
      return sent.resendAfterSeconds > 0 ? sent.resendAfterSeconds : 60;
    } catch (error) {
      setFailure(error);
      return null;
    }
  };

  return (
    <form
      noValidate
      aria-label="短信登录"
      onSubmit={(event) => {
        event.preventDefault();
        void form.handleSubmit();
      }}
    >
      <Stack gap="md">
        <form.AppField name="phoneNumber" validators={{ onChange: phoneSchema }}>
          {(field) => (
            <field.TextField
              label="手机号"
              placeholder="请输入手机号"
              type="tel"
              inputMode="numeric"
              autoComplete="tel"
              maxLength={11}
              size="md"
              leftSection={<IconDeviceMobile size={18} aria-hidden />}
            />
          )}
        </form.AppField>
        <Group align="flex-start" gap="sm" wrap="nowrap">
          <form.AppField name="smsCode" validators={{ onChange: smsCodeSchema }}>
            {(field) => (
              <field.TextField
                label="验证码"
                placeholder="6位验证码"
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
                size="md"
                style={{ flex: 1 }}
                leftSection={<IconShieldCheck size={18} aria-hidden />}
              />
            )}
          </form.AppField>
          {/* Aligned with the input, below its label. */}
          <div style={{ paddingTop: 'calc(var(--mantine-font-size-sm) * 1.55 + 2px)' }}>
            <SmsCodeButton onRequest={requestCode} />
          </div>
        </Group>
        {sentHint ? (
          <Text size="xs" c="dimmed" mt={-8} role="status">
            {sentHint}
          </Text>
        ) : null}
        <FormFailure error={failure} />
        <form.AppForm>
          <form.SubmitButton fullWidth size="md" mt="xs">
            登录
          </form.SubmitButton>
        </form.AppForm>
      </Stack>
    </form>
  );
}
