import { zGetStudentCourseListBody, zGetStudentCourseListV2Body } from '@dfrm/sdk/tms/zod';
import { Hono } from 'hono';
import { allow } from '../../lib/auth';
import { ok } from '../../lib/envelope';
import { type AppEnv, authedContext } from '../../lib/hono-env';
import { jsonBody } from '../../lib/request';
import { validate } from '../../lib/validation';
import { getStudentCourseList, getStudentCourseListV2 } from '../../services/course/my-courses';

/** specs/tms/my-course.yaml, the course lists (the shared courseware list is in my-course-ware.ts). */
export const myCourseListRoutes = new Hono<AppEnv>();

myCourseListRoutes.post('/tms-server/myCourse/getStudentCourseList', allow('student'), async (c) => {
  const input = validate(zGetStudentCourseListBody, await jsonBody(c));
  return ok(c, await getStudentCourseList({ ctx: authedContext(c.var.ctx), input }));
});

myCourseListRoutes.post('/tms-server/myCourse/v2/getStudentCourseList', allow('student'), async (c) => {
  const input = validate(zGetStudentCourseListV2Body, await jsonBody(c));
  return ok(c, await getStudentCourseListV2({ ctx: authedContext(c.var.ctx), input }));
});
