import type { AuthedContext, ServiceContext } from '../services/context';
import { NotLoggedInError } from '../lib/errors';

/** Hono typing of the app: the per-request service context travels as `c.var.ctx`. */
export interface AppEnv {
  Variables: { ctx: ServiceContext; requestId: string };
}

/** The context of a route guarded by `allow(...)` with at least one role. */
export function authedContext(ctx: ServiceContext): AuthedContext {
  if (!ctx.auth) throw new NotLoggedInError();
  return ctx as AuthedContext;
}
