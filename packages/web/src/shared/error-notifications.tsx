import { ErrCode, isApiError } from '@dfrm/sdk';
import { notifications } from '@mantine/notifications';
import { IconX } from '@tabler/icons-react';
import { isPasswordChangeRequired, requestLoginCheck, requestPasswordChange } from './session/login-check';

const FALLBACK_MESSAGE = '请求失败，请稍后再试';

/** The text a user sees for a failure: the server's errMsg, or the SDK's own (timeout, network). */
export function errorMessage(error: unknown): string {
  if (isApiError(error)) return error.errMsg || FALLBACK_MESSAGE;
  return FALLBACK_MESSAGE;
}

/** A red notification; one per distinct message, so a burst of failing calls shows one. */
export function notifyError(error: unknown): void {
  const message = errorMessage(error);
  notifications.show({
    id: `error:${message}`,
    color: 'red',
    icon: <IconX size={18} aria-hidden />,
    message,
    autoClose: 6_000,
  });
}

/**
 * The global error path for queries and mutations. A call refused because the
 * session ended (errCode 3, 4) does not get its own toast: it asks for the
 * login check now, whose outcome (the 登录提示 alert or a silent logout) is the
 * one thing the user should see. A call refused because the account still holds
 * its initial password (请先修改初始密码) opens the change form instead, even
 * for a caller that shows its errors itself (createQueryClient's reportAlways).
 */
export function handleGlobalError(error: unknown): void {
  if (isPasswordChangeRequired(error)) {
    requestPasswordChange();
    return;
  }
  if (
    isApiError(error) &&
    (error.errCode === ErrCode.sessionEnded || error.errCode === ErrCode.notLoggedIn)
  ) {
    requestLoginCheck();
    return;
  }
  notifyError(error);
}
