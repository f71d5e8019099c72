import { Hono } from 'hono';
import type { AppEnv } from '../lib/hono-env';
import { clientUserRoutes } from './tms/client-user';
import { smsRoutes } from './support/sms';
import { authRoutes } from './user/auth';
import { userGroupRoutes } from './user/user-group';

/** Every implemented operation, relative to the API base; createApp and scripts/coverage both read it. */
export function serviceRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.route('/', authRoutes);
  routes.route('/', userGroupRoutes);
  routes.route('/', clientUserRoutes);
  routes.route('/', smsRoutes);
  return routes;
}
