import type { SchoolRole } from '@dfrm/sdk/tms';
import {
  adminSchoolList,
  searchUsers,
  userGroupInfo,
  userGroupList,
  userGroupUserList,
} from '@dfrm/sdk/user';
import { keepPreviousData, type QueryClient, queryOptions } from '@tanstack/react-query';
import { QUERY_ROOTS } from '@/shared/query-roots';

export const ADMIN_PAGE_SIZE = 20;

/** Every key of the admin feature starts with its root; invalidate by prefix. */
export const adminKeys = {
  all: QUERY_ROOTS.admin,
  schools: [...QUERY_ROOTS.admin, 'schools'] as const,
  users: [...QUERY_ROOTS.admin, 'users'] as const,
  groups: [...QUERY_ROOTS.admin, 'groups'] as const,
  members: (groupId: string) => [...QUERY_ROOTS.admin, 'groups', 'members', groupId] as const,
};

export interface SchoolListParams {
  keyword: string;
  pageIndex: number;
  pageSize?: number;
}

/** Schools with their head counts, oldest first. */
export const adminSchoolsQuery = ({ keyword, pageIndex, pageSize = ADMIN_PAGE_SIZE }: SchoolListParams) =>
  queryOptions({
    queryKey: [...adminKeys.schools, { keyword, pageIndex, pageSize }] as const,
    queryFn: ({ signal }) => adminSchoolList({ body: { keyword, pageIndex, pageSize }, signal }),
    placeholderData: keepPreviousData,
  });

/** Every school, for the school pickers of the other lists (a platform has tens, not thousands). */
export const schoolOptionsQuery = () => adminSchoolsQuery({ keyword: '', pageIndex: 1, pageSize: 200 });

export interface UserListParams {
  keyword: string;
  schoolId: string | null;
  role: SchoolRole | null;
  pageIndex: number;
  pageSize?: number;
}

/** Accounts (disabled ones too) by keyword, school and role, oldest first. */
export const adminUsersQuery = ({
  keyword,
  schoolId,
  role,
  pageIndex,
  pageSize = ADMIN_PAGE_SIZE,
}: UserListParams) =>
  queryOptions({
    queryKey: [...adminKeys.users, { keyword, schoolId, role, pageIndex, pageSize }] as const,
    queryFn: ({ signal }) =>
      searchUsers({
        body: {
          keyword,
          pageIndex,
          pageSize,
          includeDisabled: true,
          ...(schoolId ? { schoolId } : {}),
          ...(schoolId && role ? { role } : {}),
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

export interface GroupListParams {
  keyword: string;
  schoolId: string | null;
  pageIndex: number;
  pageSize?: number;
}

/** User groups (resource pools) of every school or one. */
export const adminGroupsQuery = ({
  keyword,
  schoolId,
  pageIndex,
  pageSize = ADMIN_PAGE_SIZE,
}: GroupListParams) =>
  queryOptions({
    queryKey: [...adminKeys.groups, 'list', { keyword, schoolId, pageIndex, pageSize }] as const,
    queryFn: ({ signal }) =>
      userGroupList({ body: { keyword, pageIndex, pageSize, ...(schoolId ? { schoolId } : {}) }, signal }),
    placeholderData: keepPreviousData,
  });

/** The members of one group. */
export const groupMembersQuery = (groupId: string, keyword: string, pageIndex: number) =>
  queryOptions({
    queryKey: [...adminKeys.members(groupId), { keyword, pageIndex }] as const,
    queryFn: ({ signal }) =>
      userGroupUserList({ body: { groupId, keyword, pageIndex, pageSize: ADMIN_PAGE_SIZE }, signal }),
    placeholderData: keepPreviousData,
  });

/** Candidates to add to a group: accounts of its school not yet in it. */
export const bindCandidatesQuery = (groupId: string, schoolId: string, keyword: string) =>
  queryOptions({
    queryKey: [...adminKeys.members(groupId), 'candidates', { schoolId, keyword }] as const,
    queryFn: ({ signal }) =>
      searchUsers({
        body: { keyword, schoolId, excludeGroupId: groupId, pageIndex: 1, pageSize: 20 },
        signal,
      }),
  });

/** One group: its name and school, for the members page. */
export const groupInfoQuery = (groupId: string) =>
  queryOptions({
    queryKey: [...adminKeys.groups, 'info', groupId] as const,
    queryFn: ({ signal }) => userGroupInfo({ body: { id: groupId }, signal }),
  });

/*
 * Loaders of the admin pages: what each page shows first (no keyword, first page, no filter),
 * awaited so the page renders once with its rows and filters instead of a skeleton that the
 * answers then replace (each a re-render, and a header taller than its placeholder moved the list
 * on a phone). Prefetches never throw: a failure is shown by the page itself, with 重试.
 */
export async function prefetchAdminHome(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.prefetchQuery(adminSchoolsQuery({ keyword: '', pageIndex: 1, pageSize: 1 })),
    queryClient.prefetchQuery(
      adminUsersQuery({ keyword: '', schoolId: null, role: null, pageIndex: 1, pageSize: 1 }),
    ),
    queryClient.prefetchQuery(adminGroupsQuery({ keyword: '', schoolId: null, pageIndex: 1, pageSize: 1 })),
  ]);
}

export async function prefetchAdminSchools(queryClient: QueryClient): Promise<void> {
  await queryClient.prefetchQuery(adminSchoolsQuery({ keyword: '', pageIndex: 1 }));
}

export async function prefetchAdminUsers(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.prefetchQuery(adminUsersQuery({ keyword: '', schoolId: null, role: null, pageIndex: 1 })),
    queryClient.prefetchQuery(schoolOptionsQuery()),
  ]);
}

export async function prefetchAdminGroups(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.prefetchQuery(adminGroupsQuery({ keyword: '', schoolId: null, pageIndex: 1 })),
    queryClient.prefetchQuery(schoolOptionsQuery()),
  ]);
}

export async function prefetchGroupMembers(queryClient: QueryClient, groupId: string): Promise<void> {
  await Promise.all([
    queryClient.prefetchQuery(groupInfoQuery(groupId)),
    queryClient.prefetchQuery(groupMembersQuery(groupId, '', 1)),
  ]);
}
