import {
  getTeacherCourseTable,
  getTeacherRecentCourse,
  getTeachingCourse,
} from '../../services/course/timetable';
import {
  getCourseWorkDistribution,
  getCourseWorkPassRate,
  getCourseWorkPassRateV2,
  getCourseWorkScore,
  getCourseWorkStatistics,
  getCourseWorkStatisticsV2,
  getTeacherReceivedWork,
} from '../../services/homework/teacher-stats';
import { area } from '../register';

/** specs/tms/teacher-page.yaml: the teacher's home: timetable, courses, received work and homework statistics. */
export const teacherPageArea = area('tms/teacher-page', {
  getTeacherCourseTable,
  getTeacherRecentCourse,
  getTeacherReceivedWork,
  getTeachingCourse,
  getCourseWorkScore,
  getCourseWorkPassRate,
  getCourseWorkPassRateV2,
  getCourseWorkDistribution,
  getCourseWorkStatistics,
  getCourseWorkStatisticsV2,
});
