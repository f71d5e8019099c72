import { type ParsedLocation, redirect } from '@tanstack/react-router';
import { HOME_PATH, LOGIN_PATH, safeRedirect } from '@/shared/session/entry-paths';
import { mustChangePassword } from '@/shared/session/session-store';
import type { RouterContext } from './router-context';

/**
 * The root beforeLoad (product spec §2): without a stored user every route but
 * /account sends the visitor to /account, remembering where they were headed;
 * a logged-in user has no business on /account and goes home. A user who must
 * still replace the initial password is kept on /account (its 修改初始密码
 * form), remembering the target too, so they land there once it is changed.
 */
export function guardRoute({
  context,
  location,
}: {
  context: RouterContext;
  location: ParsedLocation;
}): void {
  const { user } = context.session.getState();
  const loggedIn = user !== null;
  const onLogin = location.pathname === LOGIN_PATH;
  if ((!loggedIn || mustChangePassword(user)) && !onLogin) {
    const target = safeRedirect(location.href);
    throw redirect({ to: LOGIN_PATH, search: target ? { redirect: target } : {} });
  }
  if (loggedIn && !mustChangePassword(user) && onLogin) throw redirect({ to: HOME_PATH });
}
