import type { Hono } from 'hono';
import type { AppEnv } from './hono-env';
import type { OperationId } from '../contract/operations.gen';
import { type AreaEntry, mountOperations } from './register';
import { examRepoArea } from './resource/exam-repo';
import { exerciseArea } from './resource/exercise';
import { smsArea } from './support/sms';
import { announceArea } from './tms/announce';
import { clientUserArea } from './tms/client-user';
import { courseArea } from './tms/course';
import { courseWorkArea } from './tms/course-work';
import { coursewareArea } from './tms/courseware';
import { examStudentArea } from './tms/exam-student';
import { examTeacherArea } from './tms/exam-teacher';
import { myCourseArea } from './tms/my-course';
import { myWorkArea } from './tms/my-work';
import { quizArea } from './tms/quiz';
import { statisticsArea } from './tms/statistics';
import { studentArea } from './tms/student';
import { studentPageArea } from './tms/student-page';
import { teacherPageArea } from './tms/teacher-page';
import { adminArea } from './user/admin';
import { authArea } from './user/auth';
import { userGroupArea } from './user/user-group';

/** Every area the server serves; an area not listed answers errCode 9 for all its operations. */
export const AREAS: readonly AreaEntry[] = [
  authArea,
  adminArea,
  userGroupArea,
  clientUserArea,
  announceArea,
  courseArea,
  coursewareArea,
  studentArea,
  teacherPageArea,
  studentPageArea,
  myCourseArea,
  courseWorkArea,
  myWorkArea,
  examTeacherArea,
  examStudentArea,
  quizArea,
  statisticsArea,
  exerciseArea,
  examRepoArea,
  smsArea,
];

/** Every operation of the contract relative to the API base, and which of them are implemented. */
export function serviceRoutes(): { app: Hono<AppEnv>; implemented: ReadonlySet<OperationId> } {
  return mountOperations(AREAS);
}
