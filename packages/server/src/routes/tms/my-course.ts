import { getStudentCourseList, getStudentCourseListV2 } from '../../services/course/my-courses';
import { getStudentWareList } from '../../services/courseware/student-courseware';
import { area } from '../register';

/** specs/tms/my-course.yaml: a student's courses and the courseware shared with their classes. */
export const myCourseArea = area('tms/my-course', {
  getStudentCourseList: { verb: getStudentCourseList, cached: true },
  getStudentCourseListV2: { verb: getStudentCourseListV2, cached: true },
  getStudentWareList: { verb: getStudentWareList, cached: true },
});
