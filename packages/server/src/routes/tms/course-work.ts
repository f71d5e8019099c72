import {
  correctStudentWork,
  exportWorkFinishExcel,
  getWorkFinishInfo,
  publishWorkScore,
  queryWorkFinishStatus,
} from '../../services/homework/finish';
import {
  creatCourseGroup,
  getCourseGroup,
  getCourseGroupMember,
  getCourseGroupV2,
  getSchoolCourseGroup,
  previewGroup,
  previewGroupV2,
} from '../../services/homework/groups';
import {
  delCourseWork,
  downloadWorkAttachment,
  getCourseWorkInfo,
  publishCourseWork,
  publishCourseWorkV2,
  queryCourseWorkList,
  queryCourseWorkListV2,
  updateCourseWork,
  uploadWorkFile,
} from '../../services/homework/works';
import { area, notImplemented } from '../register';

/** specs/tms/course-work.yaml: a teacher's homework, its groups, hand-ins and grading. */
export const courseWorkArea = area('tms/course-work', {
  queryCourseWorkList,
  queryCourseWorkListV2,
  updateCourseWork,
  getCourseWorkInfo,
  publishCourseWork,
  publishCourseWorkV2,
  delCourseWork,
  queryWorkFinishStatus,
  correctStudentWork,
  getWorkFinishInfo,
  publishWorkScore,
  exportWorkFinishExcel,
  // the stored file is the caller's candidate attachment once the verb succeeds
  uploadWorkFile: {
    verb: uploadWorkFile,
    upload: { maxBytes: (config) => config.coursewareMaxBytes, keep: true },
  },
  downloadWorkAttachment,
  creatCourseGroup,
  previewGroup,
  previewGroupV2,
  getCourseGroup,
  getCourseGroupV2,
  getSchoolCourseGroup,
  getCourseGroupMember,
  // strategy homework belongs to the quant lab
  automaticGrading: notImplemented,
  courseWorkGetStrategyInfo: notImplemented,
  courseWorkGetPerformance: notImplemented,
  courseWorkGetSTCode: notImplemented,
  courseWorkDownloadSTCode: notImplemented,
});
