import {
  type MyWorkSaveResult,
  updateMyWorkInfo,
  uploadMyWorkFile,
  type WorkAttachment,
} from '@dfrm/sdk/tms';
import { zUploadMyWorkFileBody } from '@dfrm/sdk/tms/zod';
import { mutationOptions, type QueryKey } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { downloadApiFile } from '@/lib/api-file';
import { zFilePart } from '@/lib/file-part';
import { type UploadProgress, xhrFetch } from '@/lib/xhr-fetch';
import { QUERY_ROOTS } from '@/shared/query-roots';
import type { SaveRequest } from './answer-saver';
import { homeworkKeys } from './homework-keys';

type Auth = { token: string; userId: string } | null;

/**
 * What a hand-in changes besides the work itself: the student's lists and counts, and the
 * course lists that count works still open.
 */
export const HAND_IN_INVALIDATES: readonly QueryKey[] = [homeworkKeys.student, QUERY_ROOTS.myCourse];

/** updateMyWorkInfo for one student work: the saver's way to the server. */
export function sendAnswer(schoolId: string, studentWorkId: string) {
  return (request: SaveRequest): Promise<MyWorkSaveResult> =>
    updateMyWorkInfo({
      body: {
        schoolId,
        studentWorkId,
        requestId: request.requestId,
        revision: request.revision,
        content: request.content,
        attachments: request.attachments.map(({ fileName, filePath, fileSize }) => ({
          fileName,
          filePath,
          fileSize,
        })),
        submit: request.submit,
      },
    });
}

const uploadMyWorkFileRequest = z.object({ body: z.extend(zUploadMyWorkFileBody, { file: zFilePart }) });

/**
 * The generated uploadMyWorkFile with upload progress (as courseware's upload): the file becomes
 * part of the answer once a save names its filePath.
 */
export function uploadAnswerFile(
  { schoolId, file }: { schoolId: string; file: File },
  options: { onProgress?: (progress: UploadProgress) => void; signal?: AbortSignal } = {},
): Promise<WorkAttachment> {
  return uploadMyWorkFile({
    body: { schoolId, file },
    requestValidator: (data) => uploadMyWorkFileRequest.parseAsync(data),
    fetch: xhrFetch(options.onProgress ? { onProgress: options.onProgress } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
  });
}

/** A homework file (the teacher's attachment or an answer's file) by the API path its `url` gives. */
export const downloadWorkFileMutation = (auth: () => Auth) =>
  mutationOptions({
    mutationKey: ['homework', 'download'],
    mutationFn: (file: { url: string; fileName: string }) => downloadApiFile(file.url, file.fileName, auth()),
  });
