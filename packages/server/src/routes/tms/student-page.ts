import { getStudentCourseTable, getStudentRecentCourse } from '../../services/course/timetable';
import {
  getLastAnnounce,
  getStudentAnnounceList,
  getUnViewAnnounce,
  viewAnnounce,
} from '../../services/notice/student-notices';
import { getUnCommitWorkNum } from '../../services/homework/my-work';
import { area } from '../register';

/** The student's notice reads look only at the caller's own read receipts. */
const OWN_RECEIPTS = { ownRowsOf: ['notice_views'] };

/** specs/tms/student-page.yaml: a student's home: notices, timetable, recent courses, homework to hand in. */
export const studentPageArea = area('tms/student-page', {
  getStudentAnnounceList: { verb: getStudentAnnounceList, cached: OWN_RECEIPTS },
  getLastAnnounce: { verb: getLastAnnounce, cached: OWN_RECEIPTS },
  viewAnnounce,
  getStudentCourseTable,
  getStudentRecentCourse,
  getUnViewAnnounce: { verb: getUnViewAnnounce, cached: OWN_RECEIPTS },
  getUnCommitWorkNum,
});
