import {
  zGetStudentCourseTablePath,
  zGetStudentRecentCoursePath,
  zGetStudentRecentCourseQuery,
} from '@dfrm/sdk/tms/zod';
import { Hono } from 'hono';
import { allow } from '../../lib/auth';
import { ok } from '../../lib/envelope';
import { type AppEnv, authedContext } from '../../lib/hono-env';
import { validate } from '../../lib/validation';
import { getStudentCourseTable, getStudentRecentCourse } from '../../services/course/timetable';
import { integerParam } from './teacher-page';

/** specs/tms/student-page.yaml, the course parts: the student's timetable and recent courses. */
export const studentPageCourseRoutes = new Hono<AppEnv>();

const PREFIX = '/tms-server/studentPage';

studentPageCourseRoutes.get(
  `${PREFIX}/getStudentCourseTable/:schoolId/:startDate/:endDate`,
  allow('student'),
  async (c) => {
    const input = validate(zGetStudentCourseTablePath, c.req.param());
    return ok(c, await getStudentCourseTable({ ctx: authedContext(c.var.ctx), input }));
  },
);

studentPageCourseRoutes.get(`${PREFIX}/get/recent/course/:showNumber`, allow('student'), async (c) => {
  const path = validate(zGetStudentRecentCoursePath, { showNumber: integerParam(c.req.param('showNumber')) });
  const query = validate(zGetStudentRecentCourseQuery, c.req.query());
  return ok(c, await getStudentRecentCourse({ ctx: authedContext(c.var.ctx), input: { ...path, ...query } }));
});
