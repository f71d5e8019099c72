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
