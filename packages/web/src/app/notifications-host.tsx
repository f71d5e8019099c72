import { Notifications } from '@mantine/notifications';

/** Renders notifications shown with notifications.show, including any queued before it loaded. */
export default function NotificationsHost() {
  return <Notifications position="top-center" zIndex={2000} limit={4} />;
}
