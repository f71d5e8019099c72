import { zSendSmsCodePath } from '@dfrm/sdk/support/zod';
import { Hono } from 'hono';
import { allow } from '../../lib/auth';
import { ok } from '../../lib/envelope';
import type { AppEnv } from '../../lib/hono-env';
import { validate } from '../../lib/validation';
import { sendSmsCode } from '../../services/sms/codes';

export const smsRoutes = new Hono<AppEnv>();

smsRoutes.post('/support-server/sms/sendCode/:product/:account', allow(), async (c) => {
  const input = validate(zSendSmsCodePath, c.req.param());
  return ok(c, await sendSmsCode({ ctx: c.var.ctx, input }));
});
