import { zGetOwnUserGroupBody } from '@dfrm/sdk/user/zod';
import { Hono } from 'hono';
import { allow } from '../../lib/auth';
import { ok } from '../../lib/envelope';
import { type AppEnv, authedContext } from '../../lib/hono-env';
import { jsonBody } from '../../lib/request';
import { validate } from '../../lib/validation';
import { getOwnUserGroups } from '../../services/user-group/own-groups';

export const userGroupRoutes = new Hono<AppEnv>();

userGroupRoutes.post('/usergroupinfo/v1/getOwnUserGroup', allow('user'), async (c) => {
  const input = validate(zGetOwnUserGroupBody, await jsonBody(c));
  return ok(c, await getOwnUserGroups({ ctx: authedContext(c.var.ctx), input }));
});
