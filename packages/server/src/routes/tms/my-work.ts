import {
  createStudentWorkGroup,
  getStudentCurGroup,
  myWorkGetCourseStudentList,
  myWorkGetCourseStudentListV2,
  removeGroupMember,
} from '../../services/homework/my-groups';
import {
  downloadStudentWorkFile,
  getMyWorkInfo,
  getMyWorkList,
  getMyWorkListV2,
  getScoredWork,
  updateMyWorkInfo,
  uploadMyWorkFile,
} from '../../services/homework/my-work';
import { getWorkMessage } from '../../services/homework/messages';
import { getMyWorkCourseStatistics } from '../../services/homework/my-work-stats';
import { getMyWorkResourceDetail, getMyWorkResourceList } from '../../services/homework/work-resources';
import { area } from '../register';

/** specs/tms/my-work.yaml: a student's homework: lists, answers, hand-ins and scores. */
export const myWorkArea = area('tms/my-work', {
  getMyWorkList,
  getMyWorkListV2,
  getMyWorkInfo,
  updateMyWorkInfo,
  getScoredWork,
  // the stored file is the caller's candidate answer file once the verb succeeds
  uploadMyWorkFile: {
    verb: uploadMyWorkFile,
    upload: { maxBytes: (config) => config.coursewareMaxBytes, keep: true },
  },
  downloadStudentWorkFile,
  getWorkMessage,
  getMyWorkCourseStatistics,
  getMyWorkResourceDetail,
  getMyWorkResourceList,
  getStudentCurGroup,
  createStudentWorkGroup,
  removeGroupMember,
  myWorkGetCourseStudentList,
  myWorkGetCourseStudentListV2,
});
