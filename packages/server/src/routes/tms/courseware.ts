import {
  delCourseWare,
  downloadCourseWare,
  getCourseWareAttachmentList,
  getCourseWareList,
  getCourseWareShareList,
  updateCourseWareShareList,
  uploadCourseWare,
} from '../../services/courseware/courseware';
import { area } from '../register';

/** specs/tms/courseware.yaml: a teacher's courseware, its files and who it is shared with. */
export const coursewareArea = area('tms/courseware', {
  getCourseWareList,
  // the stored file is the courseware's once the verb succeeds
  uploadCourseWare: {
    verb: uploadCourseWare,
    upload: { maxBytes: (config) => config.coursewareMaxBytes, keep: true },
  },
  delCourseWare,
  updateCourseWareShareList,
  getCourseWareAttachmentList,
  downloadCourseWare,
  getCourseWareShareList,
});
