import {
  zDelAnnouncePath,
  zGetAnnouncePath,
  zGetAnnounceVisibleListPath,
  zQueryAnnounceListBody,
  zUpdateAnnounceBody,
  zUpdateAnnounceVisibleBody,
} from '@dfrm/sdk/tms/zod';
import { Hono } from 'hono';
import { allow } from '../../lib/auth';
import { ok } from '../../lib/envelope';
import { type AppEnv, authedContext } from '../../lib/hono-env';
import { jsonBody } from '../../lib/request';
import { validate } from '../../lib/validation';
import {
  delAnnounce,
  getAnnounce,
  getAnnounceVisibleList,
  queryAnnounceList,
  updateAnnounce,
  updateAnnounceVisible,
} from '../../services/notice/teacher-notices';

/** specs/tms/announce.yaml: a teacher's course notices. */
export const announceRoutes = new Hono<AppEnv>();

announceRoutes.post('/tms-server/announce/queryAnnounceList', allow('teacher'), async (c) => {
  const input = validate(zQueryAnnounceListBody, await jsonBody(c));
  return ok(c, await queryAnnounceList({ ctx: authedContext(c.var.ctx), input }));
});

announceRoutes.post('/tms-server/announce/updateAnnounce', allow('teacher'), async (c) => {
  const input = validate(zUpdateAnnounceBody, await jsonBody(c));
  return ok(c, await updateAnnounce({ ctx: authedContext(c.var.ctx), input }));
});

announceRoutes.post('/tms-server/announce/updateAnnounceVisible', allow('teacher'), async (c) => {
  const input = validate(zUpdateAnnounceVisibleBody, await jsonBody(c));
  return ok(c, await updateAnnounceVisible({ ctx: authedContext(c.var.ctx), input }));
});

announceRoutes.get('/tms-server/announce/delAnnounce/:schoolId/:announceId', allow('teacher'), async (c) => {
  const input = validate(zDelAnnouncePath, c.req.param());
  return ok(c, await delAnnounce({ ctx: authedContext(c.var.ctx), input }));
});

announceRoutes.get('/tms-server/announce/getAnnounce/:schoolId/:announceId', allow('teacher'), async (c) => {
  const input = validate(zGetAnnouncePath, c.req.param());
  return ok(c, await getAnnounce({ ctx: authedContext(c.var.ctx), input }));
});

announceRoutes.get(
  '/tms-server/announce/getAnnounceVisibleList/:schoolId/:announceId',
  allow('teacher'),
  async (c) => {
    const input = validate(zGetAnnounceVisibleListPath, c.req.param());
    return ok(c, await getAnnounceVisibleList({ ctx: authedContext(c.var.ctx), input }));
  },
);
