import { tmsStatisticsCourse, tmsStatisticsOverview } from '../../services/statistics/overview';
import { tmsStatisticsTeacherStudentData } from '../../services/statistics/student-data';
import { tmsStatisticsStudentHomeOverview } from '../../services/statistics/student-home';
import { area } from '../register';

/** specs/tms/statistics.yaml: teaching statistics for teachers, school managers and the student's home. */
export const statisticsArea = area('tms/statistics', {
  tmsStatisticsOverview,
  tmsStatisticsCourse,
  tmsStatisticsTeacherStudentData,
  tmsStatisticsStudentHomeOverview,
});
