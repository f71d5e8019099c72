import type { ClientUserLogin, SchoolRole } from '@dfrm/sdk/tms';
import { getOwnUserGroup, type OwnUserGroup } from '@dfrm/sdk/user';
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { QUERY_ROOTS } from '@/shared/query-roots';
import type { SchoolInfo, Session } from './session-store';

/** The current school and role as the server remembers them. */
export const currentSchoolQuery = () =>
  queryOptions({
    queryKey: [...QUERY_ROOTS.school, 'current'] as const,
    // The session and the route guards run in the first bundle, but the chunk of the tms module
    // holds every teaching operation the app calls; it loads when the school is first asked for.
    queryFn: async ({ signal }) => {
      const { getClientUserLogin } = await import('@dfrm/sdk/tms');
      return getClientUserLogin({ signal });
    },
  });

/** The user's groups (resource pools) in a school; the first one is the pool. */
export const ownUserGroupsQuery = (schoolId: string) =>
  queryOptions({
    queryKey: [...QUERY_ROOTS.userGroup, 'own', schoolId] as const,
    queryFn: ({ signal }) => getOwnUserGroup({ body: { schoolId }, signal }),
  });

export function toSchoolInfo(current: ClientUserLogin, groups: readonly OwnUserGroup[]): SchoolInfo {
  const pool = groups[0];
  return {
    schoolId: current.schoolId || '0',
    poolId: pool?.id ?? '0',
    bindRole: pool?.bindRole ?? 0,
    schoolName: current.schoolName,
    studentName: current.name,
    type: current.type,
    roles: current.roles,
  };
}

// Several callers (start loader, login page, token watcher) ask within a few
// seconds of each other; a short freshness window lets them share one round trip.
const SHARE_MS = 5_000;

/** Looks up the school, then its user groups, and stores the result in the session. */
export async function loadSchoolInfo(queryClient: QueryClient, session: Session): Promise<SchoolInfo> {
  const current = await queryClient.fetchQuery({ ...currentSchoolQuery(), staleTime: SHARE_MS });
  const groups = await queryClient.fetchQuery({
    ...ownUserGroupsQuery(current.schoolId),
    staleTime: SHARE_MS,
  });
  const school = toSchoolInfo(current, groups);
  session.setSchool(school);
  return school;
}

/** Enters the current school with another role, then refreshes school info. */
export async function switchSchoolRole(
  queryClient: QueryClient,
  session: Session,
  role: SchoolRole,
): Promise<SchoolInfo> {
  const { schoolId } = session.getState().school;
  const { clientUserLogin } = await import('@dfrm/sdk/tms');
  const current = await clientUserLogin({ path: { schoolId, role } });
  queryClient.setQueryData(currentSchoolQuery().queryKey, current);
  const groups = await queryClient.fetchQuery({ ...ownUserGroupsQuery(current.schoolId), staleTime: 0 });
  const school = toSchoolInfo(current, groups);
  session.setSchool(school);
  // Everything cached was read under the previous role.
  await queryClient.invalidateQueries();
  return school;
}
