import type { TeachingClassBrief, UserBrief } from '@dfrm/sdk/tms/types';
import { and, count, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/identity';
import { students } from '../../db/schema/school';
import { teachingClasses } from '../../db/schema/teaching';
import { ForbiddenError } from '../../lib/errors';
import type { AuthedContext, SchoolRole } from '../context';
import { studentInTeachingClass, TEACHING_CLASS_NOT_FOUND_MESSAGE } from '../course/membership';
import { NO_SUCH_ROLE_MESSAGE } from '../school/client-user';
import { holdsSchoolRole } from '../school/school-roles';
import { idOrNotFound } from '../../lib/ids';

// Helpers shared by notices and courseware: both hang off courses and teaching classes.

/**
 * For requests the role middleware cannot read the school of (multipart
 * uploads): the caller must hold one of the roles in the school named.
 */
export async function assertSchoolRole(
  ctx: AuthedContext,
  schoolId: number,
  roles: SchoolRole[],
): Promise<void> {
  if (!(await holdsSchoolRole({ ctx, input: { schoolId: String(schoolId), roles } }))) {
    throw new ForbiddenError(NO_SUCH_ROLE_MESSAGE);
  }
}

/** Teaching class ids from the wire, deduplicated; a malformed one is a class that does not exist (6). */
export function teachingClassIdsOf(raw: readonly string[]): number[] {
  return [...new Set(raw.map((value) => idOrNotFound(value, TEACHING_CLASS_NOT_FOUND_MESSAGE)))];
}

/** Briefs of teaching classes; `studentCount` counts members of every status, as the course views do. */
export async function teachingClassBriefs(
  db: Db,
  ids: readonly number[],
): Promise<Map<number, TeachingClassBrief>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .select({
      id: teachingClasses.id,
      courseId: teachingClasses.courseId,
      classId: teachingClasses.classId,
      name: teachingClasses.name,
      studentCount: count(students.id),
    })
    .from(teachingClasses)
    .leftJoin(students, and(eq(students.schoolId, teachingClasses.schoolId), studentInTeachingClass()))
    .where(inArray(teachingClasses.id, unique))
    .groupBy(teachingClasses.id);
  return new Map(
    rows.map((row) => [
      row.id,
      {
        teachingClassId: String(row.id),
        courseId: String(row.courseId),
        classId: String(row.classId),
        className: row.name,
        studentCount: Number(row.studentCount),
      },
    ]),
  );
}

/** Briefs in the order of `ids`, skipping any that vanished. */
export function inOrder<T>(map: Map<number, T>, ids: readonly number[]): T[] {
  return ids.flatMap((id) => {
    const value = map.get(id);
    return value === undefined ? [] : [value];
  });
}

export async function userBriefs(db: Db, ids: readonly number[]): Promise<Map<number, UserBrief>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, userName: users.userName, realName: users.realName })
    .from(users)
    .where(inArray(users.id, unique));
  return new Map(
    rows.map((row) => [row.id, { userId: String(row.id), userName: row.userName, realName: row.realName }]),
  );
}

export const UNKNOWN_USER: UserBrief = { userId: '0', userName: '', realName: '' };

/** A number out of an aggregate (PostgreSQL answers bigint sums and counts as strings). */
export function toNumber(value: unknown): number {
  return value === null || value === undefined ? 0 : Number(value);
}
