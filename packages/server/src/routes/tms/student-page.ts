import { getStudentCourseTable, getStudentRecentCourse } from '../../services/course/timetable';
import {
  getLastAnnounce,
  getStudentAnnounceList,
  getUnViewAnnounce,
  viewAnnounce,
} from '../../services/notice/student-notices';
import { area, notImplemented } from '../register';

/** specs/tms/student-page.yaml; getUnCommitWorkNum answers 9 until homework exists (it could not answer truthfully). */
export const studentPageArea = area('tms/student-page', {
  getStudentAnnounceList: { verb: getStudentAnnounceList, cached: true },
  getLastAnnounce: { verb: getLastAnnounce, cached: true },
  viewAnnounce,
  getStudentCourseTable,
  getStudentRecentCourse,
  getUnViewAnnounce: { verb: getUnViewAnnounce, cached: true },
  getUnCommitWorkNum: notImplemented,
});
