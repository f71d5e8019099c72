import {
  examinerCheck,
  examinerGet,
  examinerGetBase,
  examinerResultsGet,
  examinerResultsSubmit,
  examinerStatusGet,
  examinerStatusSave,
  examUserList,
} from '../../services/exam/my-exams';
import { area } from '../register';

/** specs/tms/exam-student.yaml: a student's exams, the attempt and its results. */
export const examStudentArea = area('tms/exam-student', {
  examUserList,
  examinerCheck,
  examinerGetBase,
  examinerGet,
  examinerStatusSave,
  examinerResultsSubmit,
  examinerStatusGet,
  examinerResultsGet,
});
