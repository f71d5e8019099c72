import type { SchoolRole } from '../db/schema/school';

/**
 * Roles a route may name in its `x-roles`:
 * - `user`: every logged-in account;
 * - `admin`, `groupAdmin`: global flags of the account;
 * - `teacher`, `student`, `schoolManager`: the role the caller currently acts
 *   in (chosen with /clientUser/userLogin), checked against their membership.
 * An empty list means the route is public.
 */
export type GlobalRole = 'user' | 'admin' | 'groupAdmin';
export type Role = GlobalRole | SchoolRole;

export const SCHOOL_ROLES: readonly SchoolRole[] = ['teacher', 'student', 'schoolManager'];

/** Display and default order of school roles: a teacher who is also a student starts as teacher. */
export function compareSchoolRoles(a: SchoolRole, b: SchoolRole): number {
  return SCHOOL_ROLES.indexOf(a) - SCHOOL_ROLES.indexOf(b);
}

export function isSchoolRole(role: Role): role is SchoolRole {
  return (SCHOOL_ROLES as readonly string[]).includes(role);
}
