import {
  exerciseDelete,
  exerciseGet,
  exerciseList,
  exerciseListById,
  exerciseListByTag,
  exerciseTypeList,
  exerciseUpdate,
} from '../../services/exercise/exercises';
import {
  exerciseChoiceImport,
  exerciseChoiceImportModelGet,
  exerciseQaImport,
  exerciseQaImportModelGet,
} from '../../services/exercise/import';
import {
  exercisePaperCreate,
  exercisePaperDelete,
  exercisePaperGet,
  exercisePaperList,
  exercisePaperListByTag,
  exercisePaperUpdate,
} from '../../services/exercise/papers';
import {
  exercisePaperTagList,
  exercisePaperTagUpdate,
  exerciseTagList,
  exerciseTagUpdate,
} from '../../services/exercise/tags';
import { XLSX_MAX_BYTES } from '../../lib/xlsx';
import { area } from '../register';

const sheetUpload = { maxBytes: () => XLSX_MAX_BYTES };

/** specs/resource/exercise.yaml: a teacher's exercises, their tags, Excel imports and exercise papers. */
export const exerciseArea = area('resource/exercise', {
  exerciseList,
  exerciseListByTag,
  exerciseListById,
  exerciseUpdate,
  exerciseDelete,
  exerciseChoiceImport: { verb: exerciseChoiceImport, upload: sheetUpload },
  exerciseQaImport: { verb: exerciseQaImport, upload: sheetUpload },
  exerciseTagUpdate,
  exercisePaperTagUpdate,
  exercisePaperCreate,
  exercisePaperList,
  exercisePaperListByTag,
  exercisePaperGet,
  exercisePaperDelete,
  exercisePaperUpdate,
  exerciseChoiceImportModelGet,
  exerciseQaImportModelGet,
  exerciseGet,
  exerciseTagList,
  exerciseTypeList,
  exercisePaperTagList,
});
