import {
  zGetTeacherCourseTablePath,
  zGetTeacherRecentCoursePath,
  zGetTeacherRecentCourseQuery,
  zGetTeachingCoursePath,
} from '@dfrm/sdk/tms/zod';
import { Hono } from 'hono';
import { allow } from '../../lib/auth';
import { ok } from '../../lib/envelope';
import { type AppEnv, authedContext } from '../../lib/hono-env';
import { validate } from '../../lib/validation';
import {
  getTeacherCourseTable,
  getTeacherRecentCourse,
  getTeachingCourse,
} from '../../services/course/timetable';

/**
 * specs/tms/teacher-page.yaml, the course parts: timetable, recent and current
 * courses. The homework statistics of that page stay unregistered (501) until
 * homework exists.
 */
export const teacherPageRoutes = new Hono<AppEnv>();

const PREFIX = '/tms-server/teacherPage';

/** Path integers arrive as text; anything not made of digits stays text and fails as the wrong type. */
export function integerParam(value: string | undefined): unknown {
  return value !== undefined && /^\d{1,9}$/.test(value) ? Number(value) : value;
}

teacherPageRoutes.get(
  `${PREFIX}/getTeacherCourseTable/:schoolId/:startDate/:endDate`,
  allow('teacher'),
  async (c) => {
    const input = validate(zGetTeacherCourseTablePath, c.req.param());
    return ok(c, await getTeacherCourseTable({ ctx: authedContext(c.var.ctx), input }));
  },
);

teacherPageRoutes.get(`${PREFIX}/get/recent/course/:showNumber`, allow('teacher'), async (c) => {
  const path = validate(zGetTeacherRecentCoursePath, { showNumber: integerParam(c.req.param('showNumber')) });
  const query = validate(zGetTeacherRecentCourseQuery, c.req.query());
  return ok(c, await getTeacherRecentCourse({ ctx: authedContext(c.var.ctx), input: { ...path, ...query } }));
});

teacherPageRoutes.get(`${PREFIX}/getTeachingCourse/:schoolId`, allow('teacher'), async (c) => {
  const input = validate(zGetTeachingCoursePath, c.req.param());
  return ok(c, await getTeachingCourse({ ctx: authedContext(c.var.ctx), input }));
});
