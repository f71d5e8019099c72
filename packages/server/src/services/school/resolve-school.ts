import { ForbiddenError, NotFoundError } from '../../lib/errors';
import { parseId } from '../../lib/ids';
import type { AuthedContext } from '../context';
import { callersSchoolRole, NO_SUCH_ROLE_MESSAGE, NO_SUCH_SCHOOL_MESSAGE } from './client-user';

/**
 * The school a request is about: the one it names, or with "0" the caller's current
 * school (none: 您在该学校没有此身份, 5). A malformed id names no school (6). For school-role
 * operations the registration has already checked the caller's role in this school.
 */
export async function resolveSchoolId(ctx: AuthedContext, raw: string): Promise<number> {
  if (raw === '0') {
    const current = await callersSchoolRole(ctx);
    const id = current?.schoolId ?? null;
    if (id === null) throw new ForbiddenError(NO_SUCH_ROLE_MESSAGE);
    return id;
  }
  const id = parseId(raw);
  if (id === null) throw new NotFoundError(NO_SUCH_SCHOOL_MESSAGE);
  return id;
}
