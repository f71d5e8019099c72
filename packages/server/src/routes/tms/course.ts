import {
  getClassStudent,
  getCourseClassStudentV2,
  getCourseStaticTotal,
  getCourseStaticTotalV2,
  getCourseStudentNum,
  getCourseStudentNumV2,
  getCourseTeachingClass,
  getSchoolClass,
} from '../../services/course/course-students';
import {
  delCourse,
  getCourseList,
  getCourseListV2,
  getCourseSummaryList,
  updateCourse,
  updateCourseV2,
} from '../../services/course/courses';
import { downloadCourseSectionTemplate, uploadCourseSection } from '../../services/course/section-import';
import {
  clearCourseSection,
  delCourseSection,
  getCourseSection,
  setCourseSection,
} from '../../services/course/sections';
import { XLSX_MAX_BYTES } from '../../lib/xlsx';
import { area } from '../register';

/** specs/tms/course.yaml: courses, their teaching classes and sections, and course statistics. */
export const courseArea = area('tms/course', {
  getCourseList,
  getCourseListV2,
  getSchoolClass,
  getClassStudent,
  updateCourse,
  updateCourseV2,
  getCourseClassStudentV2,
  setCourseSection,
  getCourseSummaryList,
  getCourseTeachingClass,
  delCourse,
  getCourseSection,
  clearCourseSection,
  delCourseSection,
  downloadCourseSectionTemplate,
  getCourseStudentNum,
  getCourseStudentNumV2,
  getCourseStaticTotal,
  getCourseStaticTotalV2,
  uploadCourseSection: { verb: uploadCourseSection, upload: { maxBytes: () => XLSX_MAX_BYTES } },
});
