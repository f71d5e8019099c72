import { ApiError, clients, downloadFile } from '@dfrm/sdk';
import {
  type CourseWareDetail,
  delCourseWare,
  updateCourseWareShareList,
  uploadCourseWare,
} from '@dfrm/sdk/tms';
import { zUploadCourseWareBody } from '@dfrm/sdk/tms/zod';
import { mutationOptions } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { zFilePart } from '@/lib/file-part';
import { saveBlob } from '@/lib/save-file';
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
export async function downloadCourseware(
  target: { courseWareId: string; fileId?: string | undefined; fallbackName: string },
  auth: Auth,
): Promise<string> {
  const base = (clients.tms.getConfig().baseUrl ?? '').replace(/\/+$/, '');
  const query = target.fileId ? `?fileId=${encodeURIComponent(target.fileId)}` : '';
  const url = `${base}/tms-server/courseWareMgr/downloadCourseWare/${encodeURIComponent(target.courseWareId)}${query}`;
  const file = await downloadFile(url, { token: auth?.token ?? null, userId: auth?.userId ?? null });
  const name = file.fileName || target.fallbackName;
  saveBlob(file.blob, name);
  return name;
}

/** What the preview shows in the page: PDFs in the browser's viewer, images as images. */
export const PREVIEW_KINDS: Readonly<Record<string, 'pdf' | 'image'>> = {
  'application/pdf': 'pdf',
  'image/png': 'image',
  'image/jpeg': 'image',
  'image/gif': 'image',
  'image/webp': 'image',
};

export const previewKindOf = (contentType: string): 'pdf' | 'image' | null =>
  PREVIEW_KINDS[contentType.split(';')[0]?.trim().toLowerCase() ?? ''] ?? null;

export interface CoursewarePreview {
  kind: 'pdf' | 'image';
  /** The file, typed as what the server said it is (only a PDF or an image gets here). */
  blob: Blob;
}

/**
 * One attachment fetched for preview (downloadCourseWare?preview=true, answered inline), with the
 * session's headers: a frame or an <img> cannot send them, so the page shows a blob of it. The type
 * is the server's, and anything but a PDF or an image is refused here as well.
 */
export async function fetchCoursewarePreview(
  target: { courseWareId: string; fileId: string },
  auth: Auth,
  signal?: AbortSignal,
): Promise<CoursewarePreview> {
  const base = (clients.tms.getConfig().baseUrl ?? '').replace(/\/+$/, '');
  const url = `${base}/tms-server/courseWareMgr/downloadCourseWare/${encodeURIComponent(target.courseWareId)}?fileId=${encodeURIComponent(target.fileId)}&preview=true`;
  const file = await downloadFile(url, {
    token: auth?.token ?? null,
    userId: auth?.userId ?? null,
    ...(signal ? { signal } : {}),
  });
  const kind = previewKindOf(file.blob.type);
  if (!kind) throw new ApiError(2, '这个文件不能在线预览，请下载后查看', 0);
  return { kind, blob: new Blob([file.blob], { type: file.blob.type.split(';')[0] ?? '' }) };
}

/** downloadCourseware as a mutation, so failures take the app's one error path. */
export const downloadCoursewareMutation = (auth: () => Auth) =>
  mutationOptions({
    mutationKey: ['courseware', 'download'],
    mutationFn: (target: { courseWareId: string; fileId?: string | undefined; fallbackName: string }) =>
      downloadCourseware(target, auth()),
  });
