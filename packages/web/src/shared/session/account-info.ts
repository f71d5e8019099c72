import { getUserAttachInfo, type UserAttachInfo } from '@dfrm/sdk/user';
import { queryOptions } from '@tanstack/react-query';
import { QUERY_ROOTS } from '@/shared/query-roots';

/** The caller's own account: whether they are a platform admin, and their schools. */
export const accountInfoQuery = () =>
  queryOptions({
    queryKey: [...QUERY_ROOTS.account, 'attachInfo'] as const,
    queryFn: ({ signal }) => getUserAttachInfo({ body: {}, signal }),
    // the flags change only when another admin edits the account
    staleTime: 5 * 60_000,
    // only decides where to go and what to show; a failure must not greet the user with an error
    meta: { silentError: true },
  });

/** A platform admin who holds no role in any school has nothing to do on /course: their home is /admin. */
export function adminHomeFirst(info: UserAttachInfo): boolean {
  return info.isAdmin && info.schools.length === 0;
}
