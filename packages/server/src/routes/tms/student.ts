import { XLSX_MAX_BYTES } from '../../lib/xlsx';
import { downloadStudentTemplate, importStudents } from '../../services/student/import';
import {
  getStudentListByCourse,
  getStudentListByCourseStatic,
  getStudentListByCourseStaticV2,
  getStudentListByCourseV2,
} from '../../services/student/course-lists';
import { getStudentList, getStudentListStatic, schoolMgrGetStudentList } from '../../services/student/list';
import {
  getOnlineStudentList,
  getOnlineStudentListByCourse,
  getOnlineStudentListByCourseV2,
} from '../../services/student/online-lists';
import {
  changeStudentStatus,
  deleteStudent,
  getStudentInfo,
  saveStudent,
  schoolScope,
  teacherScope,
} from '../../services/student/manage';
import { refreshStudentOnline } from '../../services/student/online';
import { area } from '../register';

const sheet = { maxBytes: () => XLSX_MAX_BYTES };

/** specs/tms/student.yaml: teachers manage the students of their classes, school managers the whole school's. */
export const studentArea = area('tms/student', {
  getStudentList,
  getStudentListStatic,
  getStudentListByCourse,
  getStudentListByCourseStatic,
  getStudentListByCourseV2,
  getStudentListByCourseStaticV2,
  schoolMgrGetStudentList,
  updateStudent: (call) => saveStudent(call, teacherScope),
  schoolMgrUpdateStudent: (call) => saveStudent(call, schoolScope),
  uploadStudent: { verb: (call) => importStudents(call, teacherScope), upload: sheet },
  schoolUploadStudent: { verb: (call) => importStudents(call, schoolScope), upload: sheet },
  updateStudentStatus: (call) => changeStudentStatus(call, teacherScope),
  schoolMgrUpdateStudentStatus: (call) => changeStudentStatus(call, schoolScope),
  getOnlineStudentList,
  getOnlineStudentListByCourse,
  getOnlineStudentListByCourseV2,
  getStudentInfo: (call) => getStudentInfo(call, teacherScope),
  schoolMgrGetStudentInfo: (call) => getStudentInfo(call, schoolScope),
  delStudent: (call) => deleteStudent(call, teacherScope),
  schoolMgrDelStudent: (call) => deleteStudent(call, schoolScope),
  downloadStudentTemplate,
  studentMgrRefresh: refreshStudentOnline,
});
