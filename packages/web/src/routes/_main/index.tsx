import { createFileRoute, redirect } from '@tanstack/react-router';
import { accountInfoQuery, adminHomeFirst } from '@/shared/session/account-info';

/** The one owner of `/`: it has no page of its own and sends each user to their home. */
export const Route = createFileRoute('/_main/')({
  beforeLoad: async ({ context }) => {
    const info = await context.queryClient.ensureQueryData(accountInfoQuery()).catch(() => null);
    throw redirect({ to: info && adminHomeFirst(info) ? '/admin' : '/course', replace: true });
  },
});
