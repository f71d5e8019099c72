import { type ParsedLocation, redirect } from '@tanstack/react-router';
import type { RouterContext } from './router-context';

export const LOGIN_PATH = '/account';
export const HOME_PATH = '/course';

/**
 * The root beforeLoad (product spec §2): without a stored user every route but
 * /account sends the visitor to /account, remembering where they were headed;
 * a logged-in user has no business on /account and goes home.
 */
export function guardRoute({
  context,
  location,
}: {
  context: RouterContext;
  location: ParsedLocation;
}): void {
  const loggedIn = context.session.getState().user !== null;
  const onLogin = location.pathname === LOGIN_PATH;
  if (!loggedIn && !onLogin) {
    const target = safeRedirect(location.href);
    throw redirect({ to: LOGIN_PATH, search: target ? { redirect: target } : {} });
  }
  if (loggedIn && onLogin) throw redirect({ to: HOME_PATH });
}

/** Only paths of this app: no other origin ("//host", "http:"), no loop back to the login page. */
export function safeRedirect(target: unknown): string | undefined {
  if (typeof target !== 'string' || !target.startsWith('/') || target.startsWith('//')) return undefined;
  if (target.includes('\\')) return undefined;
  const path = target.split(/[?#]/)[0];
  if (path === LOGIN_PATH || path === '/') return undefined;
  return target;
}
