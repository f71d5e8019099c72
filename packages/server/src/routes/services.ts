import { Hono } from 'hono';
import type { AppEnv } from '../lib/hono-env';
import { announceRoutes } from './tms/announce';
import { clientUserRoutes } from './tms/client-user';
import { courseRoutes } from './tms/course';
import { coursewareRoutes } from './tms/courseware';
import { myCourseListRoutes } from './tms/my-course-list';
import { myCourseWareRoutes } from './tms/my-course-ware';
import { studentRoutes } from './tms/student';
import { studentPageAnnounceRoutes } from './tms/student-page-announce';
import { studentPageCourseRoutes } from './tms/student-page-course';
import { teacherPageRoutes } from './tms/teacher-page';
import { smsRoutes } from './support/sms';
import { authRoutes } from './user/auth';
import { userGroupRoutes } from './user/user-group';

/** Every implemented operation, relative to the API base; createApp and scripts/coverage both read it. */
export function serviceRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.route('/', authRoutes);
  routes.route('/', userGroupRoutes);
  routes.route('/', clientUserRoutes);
  routes.route('/', smsRoutes);
  routes.route('/', announceRoutes);
  routes.route('/', studentPageAnnounceRoutes);
  routes.route('/', coursewareRoutes);
  routes.route('/', myCourseWareRoutes);
  routes.route('/', studentRoutes);
  routes.route('/', courseRoutes);
  routes.route('/', myCourseListRoutes);
  routes.route('/', teacherPageRoutes);
  routes.route('/', studentPageCourseRoutes);
  return routes;
}
