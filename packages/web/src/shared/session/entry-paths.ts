/** Where a visitor logs in, and where a logged-in user starts. */
export const LOGIN_PATH = '/account';
/** `/` sends each user on to their home: /admin for a platform admin with no school role, else /course. */
export const HOME_PATH = '/';

/** Only paths of this app: no other origin ("//host", "http:"), no loop back to the login page. */
export function safeRedirect(target: unknown): string | undefined {
  if (typeof target !== 'string' || !target.startsWith('/') || target.startsWith('//')) return undefined;
  if (target.includes('\\')) return undefined;
  const path = target.split(/[?#]/)[0];
  if (path === LOGIN_PATH || path === '/') return undefined;
  return target;
}
