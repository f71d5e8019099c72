import { ErrCode, isApiError } from '@dfrm/sdk';

/** How often a logged-in page re-checks its token (product spec §9). */
export const LOGIN_POLL_MS = 60_000;

type Listener = () => void;
const listeners = new Set<Listener>();

/** Asks the session supervisor to check the login now instead of at the next tick. */
export function requestLoginCheck(): void {
  for (const listener of listeners) listener();
}

export function onLoginCheckRequested(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

// ---- 修改初始密码: a refusal anywhere sends the user to the change form ----

/**
 * What the server answers (errCode 1) to every call but the session, school and password ones
 * while the account still holds its initial password (specs/user/auth.yaml, login).
 */
export const SETTLE_PASSWORD_MESSAGE = '请先修改初始密码';

export function isPasswordChangeRequired(error: unknown): boolean {
  return isApiError(error) && error.errCode === ErrCode.refused && error.errMsg === SETTLE_PASSWORD_MESSAGE;
}

const passwordListeners = new Set<Listener>();
// A refusal that arrives before the session supervisor listens (the first route's loader) waits for it.
let passwordChangePending = false;

/** Asks the session supervisor to mark the session and open the 修改初始密码 form. */
export function requestPasswordChange(): void {
  if (passwordListeners.size === 0) {
    passwordChangePending = true;
    return;
  }
  for (const listener of passwordListeners) listener();
}

export function onPasswordChangeRequested(listener: Listener): () => void {
  passwordListeners.add(listener);
  if (passwordChangePending) {
    passwordChangePending = false;
    listener();
  }
  return () => {
    passwordListeners.delete(listener);
  };
}
