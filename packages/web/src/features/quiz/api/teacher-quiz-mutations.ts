import { fileNameFromDisposition } from '@dfrm/sdk';
import {
  type QuizSaveRequest,
  type QuizStatus,
  quizTeacherDelete,
  quizTeacherDistributeAnswers,
  quizTeacherExportStudentRecordV2,
  quizTeacherSave,
  quizTeacherUpdate,
  quizTeacherUpdateStatus,
} from '@dfrm/sdk/tms';
import { mutationOptions } from '@tanstack/react-query';
import { saveBlob } from '@/lib/save-file';
import { QUERY_ROOTS } from '@/shared/query-roots';

/** A teacher's change shows on their lists and figures, and on the students' quiz pages. */
const meta = { invalidates: [QUERY_ROOTS.quiz] };

/** Create (quizId absent) or replace a quiz. The form shows a refusal at its field, so no toast. */
export const saveQuizMutation = () =>
  mutationOptions({
    mutationKey: ['quiz', 'teacher', 'save'],
    mutationFn: ({ quizId, ...body }: QuizSaveRequest & { quizId?: string | undefined }) =>
      quizId ? quizTeacherUpdate({ body: { ...body, quizId } }) : quizTeacherSave({ body }),
    meta: { ...meta, silentError: true },
  });

/** Publish (0→1), end (1→2) or reopen (2→1) a quiz. Callers choose how a refusal is shown. */
export const setQuizStatusMutation = ({ silentError = false }: { silentError?: boolean } = {}) =>
  mutationOptions({
    mutationKey: ['quiz', 'teacher', 'status'],
    mutationFn: ({ quizId, status }: { quizId: string; status: QuizStatus }) =>
      quizTeacherUpdateStatus({ body: { quizId, status } }),
    meta: { ...meta, silentError },
  });

export const distributeAnswersMutation = () =>
  mutationOptions({
    mutationKey: ['quiz', 'teacher', 'distribute'],
    mutationFn: (quizId: string) => quizTeacherDistributeAnswers({ body: { quizId } }),
    meta,
  });

export const deleteQuizMutation = () =>
  mutationOptions({
    mutationKey: ['quiz', 'teacher', 'delete'],
    mutationFn: (quizId: string) => quizTeacherDelete({ body: { quizId } }),
    meta,
  });

/**
 * The records workbook (v2, every student, a pair of columns per question) saved under the
 * server's Chinese file name. The call reads the file as a blob; the spec's Binary is a string
 * schema, so the generated response check is replaced by one for a Blob.
 */
export const exportQuizRecordsMutation = () =>
  mutationOptions({
    mutationKey: ['quiz', 'teacher', 'export'],
    mutationFn: async ({
      quizId,
      classId,
      fallbackName,
    }: {
      quizId: string;
      classId?: string | undefined;
      fallbackName: string;
    }) => {
      let fileName: string | null = null;
      const blob = (await quizTeacherExportStudentRecordV2({
        body: { quizId, includeQuestions: true, ...(classId ? { classId } : {}) },
        parseAs: 'blob',
        responseValidator: async (data) => {
          if (!(data instanceof Blob)) throw new Error('导出的不是文件');
        },
        fetch: async (input, init) => {
          const response = await globalThis.fetch(input, init);
          fileName = fileNameFromDisposition(response.headers.get('Content-Disposition'));
          return response;
        },
      })) as unknown as Blob;
      const name = fileName ?? fallbackName;
      saveBlob(blob, name);
      return name;
    },
  });
