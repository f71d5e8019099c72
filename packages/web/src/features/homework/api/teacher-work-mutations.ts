import {
  type CourseWorkSaveRequest,
  delCourseWork,
  publishCourseWorkV2,
  updateCourseWork,
  uploadWorkFile,
  type WorkAttachment,
} from '@dfrm/sdk/tms';
import { zUploadWorkFileBody } from '@dfrm/sdk/tms/zod';
import { mutationOptions } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { zFilePart } from '@/lib/file-part';
import { type UploadProgress, xhrFetch } from '@/lib/xhr-fetch';
import { QUERY_ROOTS } from '@/shared/query-roots';
import { homeworkKeys } from './homework-keys';

/**
 * A teacher's change shows on their lists and the students' (publishing gives them the work),
 * and in the course figures of the class page (works given, published).
 */
const meta = { invalidates: [homeworkKeys.all, QUERY_ROOTS.course] };

/** Create (a draft) or edit a work. The form shows a refusal next to itself, so no toast. */
export const saveCourseWorkMutation = () =>
  mutationOptions({
    mutationKey: ['homework', 'teacher', 'save'],
    mutationFn: (body: CourseWorkSaveRequest) => updateCourseWork({ body }),
    meta: { ...meta, silentError: true },
  });

export interface PublishTarget {
  schoolId: string;
  workId: string;
  /** 1 publishes, 0 withdraws to a draft. */
  publishStatus: 0 | 1;
}

/** Publish a work, or withdraw it to a draft (v2). Callers choose how a refusal is shown. */
export const setWorkPublishedMutation = ({ silentError = false }: { silentError?: boolean } = {}) =>
  mutationOptions({
    mutationKey: ['homework', 'teacher', 'publish'],
    mutationFn: ({ schoolId, workId, publishStatus }: PublishTarget) =>
      publishCourseWorkV2({ path: { schoolId, workId, publishStatus } }),
    meta: { ...meta, silentError },
  });

export const deleteCourseWorkMutation = () =>
  mutationOptions({
    mutationKey: ['homework', 'teacher', 'delete'],
    mutationFn: ({ schoolId, workId }: { schoolId: string; workId: string }) =>
      delCourseWork({ path: { schoolId, workId } }),
    meta,
  });

const uploadWorkFileRequest = z.object({ body: z.extend(zUploadWorkFileBody, { file: zFilePart }) });

/**
 * The generated uploadWorkFile (specs/tms/course-work.yaml) with upload progress: the answer's
 * filePath is what a save then names in its attachments.
 */
export function uploadTeacherWorkFile(
  { schoolId, file }: { schoolId: string; file: File },
  options: { onProgress?: (progress: UploadProgress) => void; signal?: AbortSignal } = {},
): Promise<WorkAttachment> {
  return uploadWorkFile({
    body: { schoolId, file },
    requestValidator: (data) => uploadWorkFileRequest.parseAsync(data),
    fetch: xhrFetch(options.onProgress ? { onProgress: options.onProgress } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
  });
}
