import { modals } from '@mantine/modals';
// modals.open is an event; with no ModalsProvider mounted yet it would be lost.
// Callers that may run before any user input (the login check at start) await
// whenModalsReady(), which also asks for the overlay hosts to be loaded.
let mounted = 0;
let waiters: (() => void)[] = [];
let wanted = false;
const wantListeners = new Set<() => void>();

export function modalsHostMounted(): () => void {
  mounted += 1;
  const ready = waiters;
  waiters = [];
  for (const resolve of ready) resolve();
  return () => {
    mounted -= 1;
  };
}

/** Asks for the overlay hosts (notifications, modals) to be loaded now. */
export function wantOverlays(): void {
  if (wanted) return;
  wanted = true;
  for (const listener of wantListeners) listener();
}

/** Calls `listener` once the overlay hosts are wanted (at once if they already are). */
export function onOverlaysWanted(listener: () => void): () => void {
  if (wanted) {
    listener();
    return () => {};
  }
  wantListeners.add(listener);
  return () => wantListeners.delete(listener);
}

export function whenModalsReady(): Promise<void> {
  wantOverlays();
  if (mounted > 0) return Promise.resolve();
  return new Promise((resolve) => waiters.push(resolve));
}

/**
 * modals.openConfirmModal, once the modals host is there: the first click on a page may
 * open a confirmation before the host's chunk has arrived, and an event sent earlier is lost.
 */
export function openConfirmModal(props: Parameters<typeof modals.openConfirmModal>[0]): void {
  void whenModalsReady().then(() => modals.openConfirmModal(props));
}
