import { getStudentCourseList, getStudentCourseListV2 } from '../../services/course/my-courses';
import { getStudentWareList } from '../../services/courseware/student-courseware';
import { area } from '../register';

/** specs/tms/my-course.yaml: a student's courses and the courseware shared with their classes. */
export const myCourseArea = area('tms/my-course', {
  // the unread count of each course looks only at the caller's own read receipts
  getStudentCourseList: { verb: getStudentCourseList, cached: { ownRowsOf: ['notice_views'] } },
  getStudentCourseListV2: { verb: getStudentCourseListV2, cached: { ownRowsOf: ['notice_views'] } },
  getStudentWareList: { verb: getStudentWareList, cached: true },
});
