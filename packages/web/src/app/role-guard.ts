import type { SchoolRole } from '@dfrm/sdk/tms';
import type { QueryClient } from '@tanstack/react-query';
import { accountInfoQuery } from '@/shared/session/account-info';
import { currentSchoolQuery } from '@/shared/session/school-info';

/** A route for other roles: its error component shows 无权访问 instead of a load failure. */
export class RoleRequiredError extends Error {
  constructor(
    readonly allowed: readonly SchoolRole[],
    readonly current: SchoolRole | null,
  ) {
    super('role required');
    this.name = 'RoleRequiredError';
  }
}

export function isRoleRequiredError(error: unknown): error is RoleRequiredError {
  return error instanceof RoleRequiredError;
}

/**
 * For a route's beforeLoad: the current role as the server knows it (the same
 * query the session reads, so usually cached) must be one of `allowed`; else
 * the route stops before its loaders call operations the server would refuse.
 */
export async function requireSchoolRole(
  queryClient: QueryClient,
  allowed: readonly SchoolRole[],
): Promise<{ schoolId: string; role: SchoolRole }> {
  const current = await queryClient.ensureQueryData(currentSchoolQuery());
  if (!current.type || !allowed.includes(current.type)) throw new RoleRequiredError(allowed, current.type);
  return { schoolId: current.schoolId, role: current.type };
}

/** Who may enter the teacher areas at all; most pages inside narrow it to teachers. */
export const TEACHER_AREA_ROLES: readonly SchoolRole[] = ['teacher', 'schoolManager'];
export const TEACHER_ONLY: readonly SchoolRole[] = ['teacher'];

/** A route for platform admins only: its error component shows 无权访问. */
export class AdminRequiredError extends Error {
  constructor(readonly current: SchoolRole | null) {
    super('admin required');
    this.name = 'AdminRequiredError';
  }
}

export function isAdminRequiredError(error: unknown): error is AdminRequiredError {
  return error instanceof AdminRequiredError;
}

/** For the beforeLoad of /admin/...: the account must be a platform admin (the server checks it again). */
export async function requireAdmin(queryClient: QueryClient): Promise<void> {
  const info = await queryClient.ensureQueryData(accountInfoQuery());
  if (!info.isAdmin) {
    const current = await queryClient.ensureQueryData(currentSchoolQuery()).catch(() => null);
    throw new AdminRequiredError(current?.type ?? null);
  }
}
