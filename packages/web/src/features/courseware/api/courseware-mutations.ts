import {
  type CourseWareDetail,
  delCourseWare,
  updateCourseWareShareList,
  uploadCourseWare,
} from '@dfrm/sdk/tms';
import { zUploadCourseWareBody } from '@dfrm/sdk/tms/zod';
import { mutationOptions } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { downloadApiFile } from '@/lib/api-file';
import { zFilePart } from '@/lib/file-part';
import { type FilePreview, fetchFilePreview } from '@/lib/file-preview';
import { type UploadProgress, xhrFetch } from '@/lib/xhr-fetch';
import { coursewareKeys } from './courseware-queries';

type Auth = { token: string; userId: string } | null;

const meta = { invalidates: [coursewareKeys.all] };

export const deleteCoursewareMutation = () =>
  mutationOptions({
    mutationKey: ['courseware', 'delete'],
    mutationFn: (body: { schoolId: string; courseWareId: string; fileId?: string }) =>
      delCourseWare({ body }),
    meta,
  });

export const updateCoursewareSharesMutation = () =>
  mutationOptions({
    mutationKey: ['courseware', 'share'],
    mutationFn: shareCourseware,
    meta,
  });

/** Shares a courseware with exactly these classes (the list's share icon does the same). */
export function shareCourseware(body: {
  schoolId: string;
  courseWareId: string;
  teachingClassIds: string[];
}) {
  return updateCourseWareShareList({ body });
}

export interface CoursewareUploadInput {
  schoolId: string;
  courseId: string;
  /** Adds the file to this courseware; a new courseware without it. */
  courseWareId?: string | undefined;
  courseWareName?: string | undefined;
  description?: string | undefined;
  file: File;
}

const uploadCourseWareRequest = z.object({ body: z.extend(zUploadCourseWareBody, { file: zFilePart }) });

/**
 * The generated uploadCourseWare (specs/tms/courseware.yaml) with upload
 * progress: its request checked against the spec, its answer unwrapped and
 * validated, the body sent through XMLHttpRequest (lib/xhr-fetch.ts).
 */
export function uploadCoursewareFile(
  { schoolId, courseId, courseWareId, courseWareName, description, file }: CoursewareUploadInput,
  options: { onProgress?: (progress: UploadProgress) => void; signal?: AbortSignal } = {},
): Promise<CourseWareDetail> {
  return uploadCourseWare({
    body: {
      schoolId,
      courseId,
      ...(courseWareId ? { courseWareId } : {}),
      ...(courseWareName ? { courseWareName } : {}),
      ...(description ? { description } : {}),
      file,
    },
    requestValidator: (data) => uploadCourseWareRequest.parseAsync(data),
    fetch: xhrFetch(options.onProgress ? { onProgress: options.onProgress } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
  });
}

/**
 * downloadCourseWare: one attachment (fileId), or the whole courseware (its
 * only file, or a zip of all). Saved under the server's (Chinese) file name.
 */
export function downloadCourseware(
  target: { courseWareId: string; fileId?: string | undefined; fallbackName: string },
  auth: Auth,
): Promise<string> {
  const query = target.fileId ? `?fileId=${encodeURIComponent(target.fileId)}` : '';
  return downloadApiFile(
    `/tms-server/courseWareMgr/downloadCourseWare/${encodeURIComponent(target.courseWareId)}${query}`,
    target.fallbackName,
    auth,
  );
}

/**
 * One attachment fetched for preview (downloadCourseWare?preview=true, answered inline), as a blob
 * the page can show (lib/file-preview.ts).
 */
export function fetchCoursewarePreview(
  target: { courseWareId: string; fileId: string },
  auth: Auth,
  signal?: AbortSignal,
): Promise<FilePreview> {
  return fetchFilePreview(
    `/tms-server/courseWareMgr/downloadCourseWare/${encodeURIComponent(target.courseWareId)}?fileId=${encodeURIComponent(target.fileId)}&preview=true`,
    auth,
    signal,
  );
}

/** downloadCourseware as a mutation, so failures take the app's one error path. */
export const downloadCoursewareMutation = (auth: () => Auth) =>
  mutationOptions({
    mutationKey: ['courseware', 'download'],
    mutationFn: (target: { courseWareId: string; fileId?: string | undefined; fallbackName: string }) =>
      downloadCourseware(target, auth()),
  });
