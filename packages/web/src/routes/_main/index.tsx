import { createFileRoute, redirect } from '@tanstack/react-router';

/** The one owner of `/`: it has no page of its own. */
export const Route = createFileRoute('/_main/')({
  beforeLoad: () => {
    throw redirect({ to: '/course', replace: true });
  },
});
