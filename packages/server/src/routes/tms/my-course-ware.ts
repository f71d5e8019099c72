import { zGetStudentWareListBody } from '@dfrm/sdk/tms/zod';
import { Hono } from 'hono';
import { allow } from '../../lib/auth';
import { ok } from '../../lib/envelope';
import { type AppEnv, authedContext } from '../../lib/hono-env';
import { jsonBody } from '../../lib/request';
import { validate } from '../../lib/validation';
import { getStudentWareList } from '../../services/courseware/courseware';

/** The courseware part of specs/tms/my-course.yaml: what is shared with the student's teaching classes. */
export const myCourseWareRoutes = new Hono<AppEnv>();

myCourseWareRoutes.post('/tms-server/myCourse/getStudentWareList', allow('student'), async (c) => {
  const input = validate(zGetStudentWareListBody, await jsonBody(c));
  return ok(c, await getStudentWareList({ ctx: authedContext(c.var.ctx), input }));
});
