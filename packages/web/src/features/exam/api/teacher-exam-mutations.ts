import {
  type ExamSaveRequest,
  type ExamUpDownStatus,
  examCreate,
  examDel,
  examExaminersAdd,
  examExaminersDel,
  examExaminersExtraTime,
  examExaminersImport,
  examFlush,
  examScoreSave,
  examUpDown,
  examUpdate,
} from '@dfrm/sdk/tms';
import { zExamExaminersImportBody, zExamExaminersImportPath } from '@dfrm/sdk/tms/zod';
import { mutationOptions } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { downloadApiFile } from '@/lib/api-file';
import { zFilePart } from '@/lib/file-part';
import { EXAM_TEACHER_KEY } from './teacher-exam-queries';

/** Every change of the teacher's shows on their exam pages (list, counts, examiners, statistics). */
const meta = { invalidates: [EXAM_TEACHER_KEY] };

type Auth = () => { token: string; userId: string } | null;

/** Create an exam (withdrawn) or save an existing one. The form shows a refusal at its field, so no toast. */
export const saveExamMutation = () =>
  mutationOptions({
    mutationKey: [...EXAM_TEACHER_KEY, 'save'],
    mutationFn: ({ examId, body }: { examId?: string | undefined; body: ExamSaveRequest }) =>
      examId ? examUpdate({ body: { ...body, examId } }) : examCreate({ body }),
    meta: { ...meta, silentError: true },
  });

/** 发布 (1) or 下架 (0). A refusal (no questions, an empty list, students answering) is the server's toast. */
export const upDownExamMutation = () =>
  mutationOptions({
    mutationKey: [...EXAM_TEACHER_KEY, 'updown'],
    mutationFn: ({ examId, upDownStatus }: { examId: string; upDownStatus: ExamUpDownStatus }) =>
      examUpDown({ body: { examId, upDownStatus } }),
    meta,
  });

/** Re-grade every submitted paper by the current keys (the teacher's scores are kept). */
export const flushExamMutation = () =>
  mutationOptions({
    mutationKey: [...EXAM_TEACHER_KEY, 'flush'],
    mutationFn: (examId: string) => examFlush({ path: { examId } }),
    meta,
  });

export const deleteExamMutation = () =>
  mutationOptions({
    mutationKey: [...EXAM_TEACHER_KEY, 'delete'],
    mutationFn: (examId: string) => examDel({ path: { examId } }),
    meta,
  });

export const addExaminersMutation = () =>
  mutationOptions({
    mutationKey: [...EXAM_TEACHER_KEY, 'examiners', 'add'],
    mutationFn: ({ examId, userIds }: { examId: string; userIds: string[] }) =>
      examExaminersAdd({ body: { examId, userIds } }),
    meta,
  });

export const removeExaminersMutation = () =>
  mutationOptions({
    mutationKey: [...EXAM_TEACHER_KEY, 'examiners', 'del'],
    mutationFn: ({ examId, userIds }: { examId: string; userIds: string[] }) =>
      examExaminersDel({ body: { examId, userIds } }),
    meta,
  });

export const extraTimeMutation = () =>
  mutationOptions({
    mutationKey: [...EXAM_TEACHER_KEY, 'examiners', 'extra'],
    mutationFn: ({
      examId,
      userIds,
      extraMinutes,
    }: {
      examId: string;
      userIds: string[];
      extraMinutes: number;
    }) => examExaminersExtraTime({ body: { examId, userIds, extraMinutes } }),
    meta: { ...meta, silentError: true },
  });

const importRequest = z.object({
  body: z.extend(zExamExaminersImportBody, { file: zFilePart }),
  path: zExamExaminersImportPath,
});

/** The template's .xlsx into the list: rows that cannot be matched come back with their row numbers. */
export const importExaminersMutation = () =>
  mutationOptions({
    mutationKey: [...EXAM_TEACHER_KEY, 'examiners', 'import'],
    mutationFn: ({ examId, file }: { examId: string; file: File }) =>
      examExaminersImport({
        path: { examId },
        body: { file },
        requestValidator: (data) => importRequest.parseAsync(data),
      }),
    meta: { ...meta, silentError: true },
  });

export const downloadExaminerTemplateMutation = (auth: Auth) =>
  mutationOptions({
    mutationKey: [...EXAM_TEACHER_KEY, 'examiners', 'template'],
    mutationFn: () =>
      downloadApiFile('/api/examination/teacher/examiners/import/model/get', '考生导入模板.xlsx', auth()),
  });

export const exportExaminersMutation = (auth: Auth) =>
  mutationOptions({
    mutationKey: [...EXAM_TEACHER_KEY, 'examiners', 'export'],
    mutationFn: ({ examId, examName }: { examId: string; examName: string }) =>
      downloadApiFile(`/api/examination/teacher/examiners/export/${examId}`, `${examName}-成绩.xlsx`, auth()),
  });

export interface ScoreItem {
  questionId: string;
  score: number;
  comment?: string;
}

/** The teacher's scores and comments on one student's paper; the page shows a refusal itself. */
export const saveScoresMutation = () =>
  mutationOptions({
    mutationKey: [...EXAM_TEACHER_KEY, 'score'],
    mutationFn: ({ examId, userId, items }: { examId: string; userId: string; items: ScoreItem[] }) =>
      examScoreSave({ body: { examId, userId, items } }),
    meta: { ...meta, silentError: true },
  });
