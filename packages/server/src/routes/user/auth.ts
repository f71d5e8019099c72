import { zChangePasswordBody, zIsLoginQuery, zLoginBody } from '@dfrm/sdk/user/zod';
import { Hono } from 'hono';
import { allow } from '../../lib/auth';
import { ok } from '../../lib/envelope';
import { type AppEnv, authedContext } from '../../lib/hono-env';
import { jsonBody } from '../../lib/request';
import { validate } from '../../lib/validation';
import { login } from '../../services/auth/login';
import { changePassword } from '../../services/auth/password';
import { checkLogin, logout } from '../../services/auth/session';

export const authRoutes = new Hono<AppEnv>();

authRoutes.post('/user/login', allow(), async (c) => {
  const input = validate(zLoginBody, await jsonBody(c));
  return ok(c, await login({ ctx: c.var.ctx, input }));
});

authRoutes.post('/user/islogin', allow(), async (c) => {
  const input = validate(zIsLoginQuery, c.req.query());
  return ok(c, await checkLogin({ ctx: c.var.ctx, input }));
});

// x-roles [user], but the check lives in the service: a token that already
// stopped working still logs out successfully (see logout()).
authRoutes.post('/user/logout', allow(), async (c) => {
  const input = { token: c.req.header('token'), userId: c.req.header('userId') };
  return ok(c, await logout({ ctx: c.var.ctx, input }));
});

authRoutes.post('/user/change/password', allow('user'), async (c) => {
  const input = validate(zChangePasswordBody, await jsonBody(c));
  return ok(c, await changePassword({ ctx: authedContext(c.var.ctx), input }));
});
