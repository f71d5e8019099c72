// modals.open is an event; with no ModalsProvider mounted yet it would be lost.
// Callers that may run early (the login check at start) await whenModalsReady().
let mounted = 0;
let waiters: (() => void)[] = [];

export function modalsHostMounted(): () => void {
  mounted += 1;
  const ready = waiters;
  waiters = [];
  for (const resolve of ready) resolve();
  return () => {
    mounted -= 1;
  };
}

export function whenModalsReady(): Promise<void> {
  if (mounted > 0) return Promise.resolve();
  return new Promise((resolve) => waiters.push(resolve));
}
