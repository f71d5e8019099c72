import { clients, downloadFile } from '@dfrm/sdk';
import { type CourseWareDetail, delCourseWare, updateCourseWareShareList } from '@dfrm/sdk/tms';
import { mutationOptions } from '@tanstack/react-query';
import { saveBlob } from '@/lib/save-file';
import { uploadWithProgress, type UploadProgress } from '@/lib/upload';
import { coursewareKeys } from './courseware-queries';

type Auth = { token: string; userId: string } | null;

const meta = { invalidates: [coursewareKeys.all] };

export const deleteCoursewareMutation = () =>
  mutationOptions({
    mutationKey: ['courseware', 'delete'],
    mutationFn: (body: { schoolId: string; courseWareId: string; fileId?: string }) => delCourseWare({ body }),
    meta,
  });

export const updateCoursewareSharesMutation = () =>
  mutationOptions({
    mutationKey: ['courseware', 'share'],
    mutationFn: (body: { schoolId: string; courseWareId: string; teachingClassIds: string[] }) =>
      updateCourseWareShareList({ body }),
    meta,
  });

export interface CoursewareUploadInput {
  schoolId: string;
  courseId: string;
  /** Adds the file to this courseware; a new courseware without it. */
  courseWareId?: string | undefined;
  courseWareName?: string | undefined;
  description?: string | undefined;
  file: File;
}

/**
 * uploadCourseWare (specs/tms/courseware.yaml) with upload progress: the same
 * multipart request the SDK would send, through XMLHttpRequest.
 */
export function uploadCoursewareFile(
  input: CoursewareUploadInput,
  options: { auth: Auth; onProgress?: (progress: UploadProgress) => void; signal?: AbortSignal },
): Promise<CourseWareDetail> {
  const body = new FormData();
  body.append('schoolId', input.schoolId);
  body.append('courseId', input.courseId);
  if (input.courseWareId) body.append('courseWareId', input.courseWareId);
  if (input.courseWareName) body.append('courseWareName', input.courseWareName);
  if (input.description) body.append('description', input.description);
  body.append('file', input.file, input.file.name);
  return uploadWithProgress<CourseWareDetail>({
    path: '/tms-server/courseWareMgr/uploadCourseWare',
    body,
    auth: options.auth,
    ...(options.onProgress ? { onProgress: options.onProgress } : {}),
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

/** downloadCourseware as a mutation, so failures take the app's one error path. */
export const downloadCoursewareMutation = (auth: () => Auth) =>
  mutationOptions({
    mutationKey: ['courseware', 'download'],
    mutationFn: (target: { courseWareId: string; fileId?: string | undefined; fallbackName: string }) =>
      downloadCourseware(target, auth()),
  });
