import {
  zGetLastAnnouncePath,
  zGetStudentAnnounceListBody,
  zGetUnViewAnnouncePath,
  zViewAnnouncePath,
} from '@dfrm/sdk/tms/zod';
import { Hono } from 'hono';
import { allow } from '../../lib/auth';
import { ok } from '../../lib/envelope';
import { type AppEnv, authedContext } from '../../lib/hono-env';
import { jsonBody } from '../../lib/request';
import { validate } from '../../lib/validation';
import {
  getLastAnnounce,
  getStudentAnnounceList,
  getUnViewAnnounce,
  viewAnnounce,
} from '../../services/notice/student-notices';

/**
 * The notice part of specs/tms/student-page.yaml. getUnCommitWorkNum stays
 * unregistered (501) until homework exists: it could not answer truthfully.
 */
export const studentPageAnnounceRoutes = new Hono<AppEnv>();

studentPageAnnounceRoutes.post('/tms-server/studentPage/getAnnounceList', allow('student'), async (c) => {
  const input = validate(zGetStudentAnnounceListBody, await jsonBody(c));
  return ok(c, await getStudentAnnounceList({ ctx: authedContext(c.var.ctx), input }));
});

studentPageAnnounceRoutes.get(
  '/tms-server/studentPage/getLastAnnounce/:schoolId',
  allow('student'),
  async (c) => {
    const input = validate(zGetLastAnnouncePath, c.req.param());
    return ok(c, await getLastAnnounce({ ctx: authedContext(c.var.ctx), input }));
  },
);

studentPageAnnounceRoutes.get(
  '/tms-server/studentPage/viewAnnounce/:schoolId/:announceId',
  allow('student'),
  async (c) => {
    const input = validate(zViewAnnouncePath, c.req.param());
    return ok(c, await viewAnnounce({ ctx: authedContext(c.var.ctx), input }));
  },
);

studentPageAnnounceRoutes.get(
  '/tms-server/studentPage/getUnViewAnnounce/:schoolId',
  allow('student'),
  async (c) => {
    const input = validate(zGetUnViewAnnouncePath, c.req.param());
    return ok(c, await getUnViewAnnounce({ ctx: authedContext(c.var.ctx), input }));
  },
);
