import { getStudentCourseList, getStudentCourseListV2 } from '../../services/course/my-courses';
import { getStudentWareList } from '../../services/courseware/student-courseware';
import { area } from '../register';

/** specs/tms/my-course.yaml: a student's courses and the courseware shared with their classes. */
export const myCourseArea = area('tms/my-course', {
  // not cached: each course's count of works still open changes when a deadline passes, with no write
  getStudentCourseList,
  getStudentCourseListV2,
  getStudentWareList: { verb: getStudentWareList, cached: true },
});
