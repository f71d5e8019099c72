import { createContext, type ReactNode, useContext, useSyncExternalStore } from 'react';
import type { Session, SessionState } from './session-store';

const SessionContext = createContext<Session | null>(null);

export function SessionProvider({ session, children }: { session: Session; children: ReactNode }) {
  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}

/** The session object, for actions (set, clear). */
export function useSessionApi(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSessionApi must be used inside SessionProvider');
  return session;
}

/** The session state; re-renders when the user or school changes. */
export function useSession(): SessionState {
  const session = useSessionApi();
  return useSyncExternalStore(session.subscribe, session.getState, session.getState);
}
