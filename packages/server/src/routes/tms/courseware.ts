import {
  delCourseWare,
  getCourseWareAttachmentList,
  getCourseWareList,
  getCourseWareShareList,
  updateCourseWareShareList,
} from '../../services/courseware/courseware';
import { area, handWritten } from '../register';

/** specs/tms/courseware.yaml: a teacher's courseware, its files and who it is shared with. */
export const coursewareArea = area('tms/courseware', {
  getCourseWareList,
  uploadCourseWare: handWritten,
  delCourseWare,
  updateCourseWareShareList,
  getCourseWareAttachmentList,
  downloadCourseWare: handWritten,
  getCourseWareShareList,
});
