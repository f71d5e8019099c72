import { lazy, Suspense } from 'react';

// Notifications and modals are opened through their static APIs
// (notifications.show, modals.open), so their hosts need not wrap the app and
// can arrive in a chunk of their own right after the first paint: Modal alone
// brings ScrollArea, FocusTrap and react-remove-scroll, too heavy for /account.
const NotificationsHost = lazy(() => import('./notifications-host'));
const ModalsHost = lazy(() => import('./modals-host'));

export function OverlayHosts() {
  return (
    <Suspense fallback={null}>
      <NotificationsHost />
      <ModalsHost />
    </Suspense>
  );
}
