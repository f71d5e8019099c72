import { type ParsedLocation, redirect } from '@tanstack/react-router';
import { HOME_PATH, LOGIN_PATH, safeRedirect } from '@/shared/session/entry-paths';
import type { RouterContext } from './router-context';

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
