import {
  examRepoCreatePaperTemplate,
  examRepoCreatePaperTemplateEx,
  examRepoDetail,
  examRepoList,
  examRepoPaperDetail,
  examRepoQuestionList,
  examRepoTagList,
  examRepoTeacherCoursePaperList,
} from '../../services/exercise/repo';
import { area } from '../register';

/** specs/resource/exam-repo.yaml: 题库 (a teacher's exercise tags), their questions and papers built from them. */
export const examRepoArea = area('resource/exam-repo', {
  examRepoTeacherCoursePaperList,
  examRepoList,
  examRepoQuestionList,
  examRepoTagList,
  examRepoDetail,
  examRepoPaperDetail,
  examRepoCreatePaperTemplate,
  examRepoCreatePaperTemplateEx,
});
