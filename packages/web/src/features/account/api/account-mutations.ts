import { DEFAULT_PRODUCT, PRODUCT_ID } from '@dfrm/sdk';
import { sendSmsCode } from '@dfrm/sdk/support';
import { changePassword, login, type LoginRequest } from '@dfrm/sdk/user';
import { mutationOptions } from '@tanstack/react-query';

export type AccountCredentials = { account: string; password: string };
export type SmsCredentials = { phoneNumber: string; smsCode: string };

function toLoginRequest(input: AccountCredentials | SmsCredentials): LoginRequest {
  return 'account' in input
    ? { account: input.account, password: input.password, productId: PRODUCT_ID }
    : { phoneNumber: input.phoneNumber, smsCode: input.smsCode, productId: PRODUCT_ID };
}

// The login form shows its own failures next to the fields, so no global toast.
export const loginMutationOptions = () =>
  mutationOptions({
    mutationKey: ['user', 'login'],
    mutationFn: (input: AccountCredentials | SmsCredentials) => login({ body: toLoginRequest(input) }),
    meta: { silentError: true },
  });

export const sendSmsCodeMutationOptions = () =>
  mutationOptions({
    mutationKey: ['support', 'sendSmsCode'],
    mutationFn: (phoneNumber: string) =>
      sendSmsCode({ path: { product: DEFAULT_PRODUCT, account: phoneNumber } }),
    meta: { silentError: true },
  });

export interface PasswordChange {
  oldPassword: string;
  newPassword: string;
  /** The session that must change its initial password: not stored until the change succeeds. */
  auth: { token: string; userId: string };
}

// The form shows its own failure, so no global toast.
export const changePasswordMutationOptions = () =>
  mutationOptions({
    mutationKey: ['user', 'changePassword'],
    mutationFn: ({ oldPassword, newPassword, auth }: PasswordChange) =>
      changePassword({
        body: { oldPassword, newPassword },
        headers: { token: auth.token, userId: auth.userId },
      }),
    meta: { silentError: true },
  });
