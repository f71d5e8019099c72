import { notificationsStore } from '@mantine/notifications';
import { lazy, Suspense, useEffect, useState } from 'react';
import { onOverlaysWanted, wantOverlays } from '@/shared/overlays';

// Notifications and modals are opened through their static APIs
// (notifications.show, modals.open), so their hosts need not wrap the app. Their
// chunk (Modal brings ScrollArea, FocusTrap and react-remove-scroll) is loaded only
// once something may need it: the first notification, the first user input (a
// modal only ever opens after one) or a caller that waits for the modals host.
const NotificationsHost = lazy(() => import('./notifications-host'));
const ModalsHost = lazy(() => import('./modals-host'));

const INPUT_EVENTS = ['pointerdown', 'keydown', 'focusin'] as const;

export function OverlayHosts() {
  const [loaded, setLoaded] = useState(false);

  useEffect(() => {
    if (loaded) return;
    const offWanted = onOverlaysWanted(() => setLoaded(true));
    const offStore = notificationsStore.subscribe((state) => {
      if (state.notifications.length > 0 || state.queue.length > 0) wantOverlays();
    });
    if (notificationsStore.getState().notifications.length > 0) wantOverlays();
    for (const type of INPUT_EVENTS)
      window.addEventListener(type, wantOverlays, { capture: true, passive: true });
    return () => {
      offWanted();
      offStore();
      for (const type of INPUT_EVENTS) window.removeEventListener(type, wantOverlays, { capture: true });
    };
  }, [loaded]);

  if (!loaded) return null;
  return (
    <Suspense fallback={null}>
      <NotificationsHost />
      <ModalsHost />
    </Suspense>
  );
}
