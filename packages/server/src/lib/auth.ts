import type { Context, MiddlewareHandler } from 'hono';
import { authenticate } from '../services/auth/session';
import type { AuthedContext } from '../services/context';
import { holdsSchoolRole } from '../services/school/school-roles';
import { ForbiddenError } from './errors';
import type { AppEnv } from '../routes/hono-env';
import { isSchoolRole, type Role } from './roles';

/**
 * The school a request is about: a `schoolId` path parameter, else a
 * `schoolId` in the JSON body, else none (then the caller's current school).
 * The body is read as text, which Hono caches, so the handler can still read it.
 */
async function schoolOfRequest(c: Context): Promise<string | null> {
  const fromPath = c.req.param('schoolId');
  if (fromPath) return fromPath;
  if (!(c.req.header('content-type') ?? '').includes('json')) return null;
  try {
    const body = JSON.parse(await c.req.text()) as unknown;
    if (body && typeof body === 'object' && 'schoolId' in body) {
      const value = (body as { schoolId: unknown }).schoolId;
      if (typeof value === 'string' || typeof value === 'number') return String(value);
    }
  } catch {
    // malformed bodies are the handler's to refuse (errCode 2)
  }
  return null;
}

async function permitted(c: Context, ctx: AuthedContext, roles: readonly Role[]): Promise<boolean> {
  if (roles.includes('user')) return true;
  if (roles.includes('admin') && ctx.auth.isAdmin) return true;
  if (roles.includes('groupAdmin') && ctx.auth.isGroupAdmin) return true;
  const schoolRoles = roles.filter(isSchoolRole);
  if (schoolRoles.length === 0) return false;
  return holdsSchoolRole({ ctx, input: { schoolId: await schoolOfRequest(c), roles: schoolRoles } });
}

/**
 * Every route states its roles with this, mirroring the spec's `x-roles`.
 * `allow()` is a public route; otherwise the `token` and `userId` headers must
 * name a live session (errCode 3/4) whose account holds one of the roles (5).
 * School roles are held in the school of the request (see schoolOfRequest),
 * or without one in the caller's current school (GET /clientUser/v2/userLogin).
 * Services still check ownership of the objects they touch.
 */
export function allow(...roles: Role[]): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (roles.length === 0) return next();
    const auth = await authenticate({
      ctx: c.var.ctx,
      input: { token: c.req.header('token'), userId: c.req.header('userId') },
    });
    const ctx: AuthedContext = { ...c.var.ctx, auth };
    if (!(await permitted(c, ctx, roles))) throw new ForbiddenError();
    c.set('ctx', ctx);
    await next();
  };
}
