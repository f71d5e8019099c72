import {
  getTeacherCourseTable,
  getTeacherRecentCourse,
  getTeachingCourse,
} from '../../services/course/timetable';
import { area, notImplemented } from '../register';

/** specs/tms/teacher-page.yaml; the homework statistics answer 9 until homework exists. */
export const teacherPageArea = area('tms/teacher-page', {
  getTeacherCourseTable,
  getTeacherRecentCourse,
  getTeacherReceivedWork: notImplemented,
  getTeachingCourse,
  getCourseWorkScore: notImplemented,
  getCourseWorkPassRate: notImplemented,
  getCourseWorkPassRateV2: notImplemented,
  getCourseWorkDistribution: notImplemented,
  getCourseWorkStatistics: notImplemented,
  getCourseWorkStatisticsV2: notImplemented,
});
