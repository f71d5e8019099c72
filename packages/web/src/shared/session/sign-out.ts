import { logout } from '@dfrm/sdk/user';
import type { QueryClient } from '@tanstack/react-query';
import type { Session } from './session-store';

/** Local logout: forget the user and everything read on their behalf. */
export function endLocalSession(session: Session, queryClient: QueryClient): void {
  session.clear();
  queryClient.clear();
}

/**
 * Revokes the token on the server, then logs out locally whatever the answer:
 * a user who asked to leave must never stay signed in because the call failed.
 */
export async function signOut(session: Session, queryClient: QueryClient): Promise<void> {
  try {
    if (session.auth()) await logout();
  } catch {
    // Already revoked, offline or timed out: the local logout below still happens.
  } finally {
    endLocalSession(session, queryClient);
  }
}
