import { zClientUserLoginPath, zGetUsersSchoolsBody } from '@dfrm/sdk/tms/zod';
import { Hono } from 'hono';
import { allow } from '../../lib/auth';
import { ok } from '../../lib/envelope';
import { type AppEnv, authedContext } from '../../lib/hono-env';
import { jsonBody } from '../../lib/request';
import { validate } from '../../lib/validation';
import { clientUserLogin, getClientSchoolList, getClientUserLogin } from '../../services/school/client-user';
import { getUsersSchools } from '../../services/school/users-schools';

export const clientUserRoutes = new Hono<AppEnv>();

clientUserRoutes.get('/clientUser/v2/userLogin', allow('user'), async (c) => {
  return ok(c, await getClientUserLogin({ ctx: authedContext(c.var.ctx), input: undefined }));
});

clientUserRoutes.get('/clientUser/userLogin/:schoolId/:role', allow('user'), async (c) => {
  const input = validate(zClientUserLoginPath, c.req.param());
  return ok(c, await clientUserLogin({ ctx: authedContext(c.var.ctx), input }));
});

clientUserRoutes.get('/clientUser/getClientSchoolList', allow('user'), async (c) => {
  return ok(c, await getClientSchoolList({ ctx: authedContext(c.var.ctx), input: undefined }));
});

clientUserRoutes.post('/clientUser/user/school/get', allow('user'), async (c) => {
  const input = validate(zGetUsersSchoolsBody, await jsonBody(c));
  return ok(c, await getUsersSchools({ ctx: authedContext(c.var.ctx), input }));
});
