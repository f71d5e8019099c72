import { useCallback, useSyncExternalStore } from 'react';

// Deadlines are the server's: it refuses a late save by its own clock. A browser whose clock is
// off by minutes would show a countdown that lies, so the page counts from the server's time as
// last seen in an answer (serverTime, an acknowledgement's savedAt) plus the time since.
let offset = 0;
const listeners = new Set<() => void>();

/** Records a time the server just answered with (epoch ms); later readings count from it. */
export function observeServerTime(serverTime: number, receivedAt: number = Date.now()): void {
  const next = serverTime - receivedAt;
  if (next === offset) return;
  offset = next;
  listeners.forEach((listener) => listener());
}

/** The server's time now, as far as the last answer tells. */
export function serverNow(): number {
  return Date.now() + offset;
}

/**
 * The server's time, re-rendered every `everyMs` (1000 for a countdown in seconds, a minute for
 * a list). Between ticks it reads the same value, as useSyncExternalStore needs.
 */
export function useServerNow(everyMs: number): number {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const timer = setInterval(onChange, everyMs);
      listeners.add(onChange);
      return () => {
        clearInterval(timer);
        listeners.delete(onChange);
      };
    },
    [everyMs],
  );
  const read = useCallback(() => Math.floor(serverNow() / everyMs) * everyMs, [everyMs]);
  return useSyncExternalStore(subscribe, read, read);
}

/** Whether the server's time has reached `instant`; re-renders once when it does (not every second). */
export function useServerTimeReached(instant: number): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const arm = () => {
        clearTimeout(timer);
        const left = instant - serverNow();
        // a timer waits at most ~24.8 days; a later instant re-arms then
        if (left >= 0) timer = setTimeout(fire, Math.min(left + 1, 2_147_483_647));
      };
      const fire = () => {
        onChange();
        arm();
      };
      // the server's time moved (a new answer): re-read, and re-arm for the new distance
      listeners.add(fire);
      arm();
      return () => {
        clearTimeout(timer);
        listeners.delete(fire);
      };
    },
    [instant],
  );
  const read = useCallback(() => serverNow() >= instant, [instant]);
  return useSyncExternalStore(subscribe, read, read);
}
