import {
  examRepoCreatePaperTemplate,
  examRepoCreatePaperTemplateEx,
  type ExamPaperTemplateCreateRequest,
  type ExamPaperTemplateExCreateRequest,
  type ExerciseImportResult,
  type ExerciseSaveRequest,
  type ExerciseTagSaveRequest,
  exerciseChoiceImport,
  exerciseDelete,
  exercisePaperDelete,
  exerciseQaImport,
  exerciseTagUpdate,
  exerciseUpdate,
} from '@dfrm/sdk/resource';
import {
  zExerciseChoiceImportBody,
  zExerciseChoiceImportPath,
  zExerciseQaImportBody,
  zExerciseQaImportPath,
} from '@dfrm/sdk/resource/zod';
import { mutationOptions } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { downloadApiFile } from '@/lib/api-file';
import { zFilePart } from '@/lib/file-part';
import { exerciseKeys } from './exercise-queries';

/** Exams made from a paper count its uses; everything of the bank is re-read after a change. */
const meta = { invalidates: [exerciseKeys.all] };

export const saveExerciseMutation = () =>
  mutationOptions({
    mutationKey: [...exerciseKeys.all, 'save'],
    mutationFn: (body: ExerciseSaveRequest) => exerciseUpdate({ body }),
    meta,
  });

export const deleteExercisesMutation = () =>
  mutationOptions({
    mutationKey: [...exerciseKeys.all, 'delete'],
    mutationFn: (exerciseIds: string[]) => exerciseDelete({ body: { exerciseIds } }),
    meta,
  });

export const saveTagMutation = () =>
  mutationOptions({
    mutationKey: [...exerciseKeys.all, 'tag'],
    mutationFn: (body: ExerciseTagSaveRequest) => exerciseTagUpdate({ body }),
    meta,
  });

/** The two Excel templates of specs/resource/exercise.yaml. */
export type ImportTemplate = 'choice' | 'qa';

export const IMPORT_TEMPLATES: Record<ImportTemplate, { label: string; types: string; fileName: string }> = {
  choice: { label: '选择题', types: '单选、多选、判断', fileName: '选择题导入模板.xlsx' },
  qa: { label: '问答题', types: '填空、问答', fileName: '问答题导入模板.xlsx' },
};

const importRequest = {
  choice: z.object({
    body: z.extend(zExerciseChoiceImportBody, { file: zFilePart }),
    path: zExerciseChoiceImportPath,
  }),
  qa: z.object({ body: z.extend(zExerciseQaImportBody, { file: zFilePart }), path: zExerciseQaImportPath }),
} satisfies Record<ImportTemplate, unknown>;

/**
 * One template's .xlsx into a tag. Bad rows are an answer, not a failure: success false with
 * the rows, nothing imported; the lists are re-read only when something was.
 */
export function importExercises(
  template: ImportTemplate,
  tagId: string,
  file: File,
  signal?: AbortSignal,
): Promise<ExerciseImportResult> {
  const call = template === 'choice' ? exerciseChoiceImport : exerciseQaImport;
  return call({
    path: { tagId },
    body: { file },
    requestValidator: (data) => importRequest[template].parseAsync(data),
    ...(signal ? { signal } : {}),
  });
}

export const downloadTemplateMutation = (auth: () => { token: string; userId: string } | null) =>
  mutationOptions({
    mutationKey: [...exerciseKeys.all, 'template'],
    mutationFn: (template: ImportTemplate) =>
      downloadApiFile(
        `/api/exercise/${template}/import/model/get`,
        IMPORT_TEMPLATES[template].fileName,
        auth(),
      ),
  });

export const createManualPaperMutation = () =>
  mutationOptions({
    mutationKey: [...exerciseKeys.all, 'paper', 'manual'],
    mutationFn: (body: ExamPaperTemplateCreateRequest) => examRepoCreatePaperTemplate({ body }),
    meta,
  });

/** The server's 第 N 条规则… refusal is shown at the rule, not as a notification. */
export const createRandomPaperMutation = () =>
  mutationOptions({
    mutationKey: [...exerciseKeys.all, 'paper', 'random'],
    mutationFn: (body: ExamPaperTemplateExCreateRequest) => examRepoCreatePaperTemplateEx({ body }),
    meta: { ...meta, silentError: true },
  });

export const deletePapersMutation = () =>
  mutationOptions({
    mutationKey: [...exerciseKeys.all, 'paper', 'delete'],
    mutationFn: (paperIds: string[]) => exercisePaperDelete({ body: { paperIds } }),
    meta,
  });
