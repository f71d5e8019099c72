import { ApiError, clients, downloadFile } from '@dfrm/sdk';
import { saveBlob } from './save-file';

type Auth = { token: string; userId: string } | null;

/** The API base the generated clients use, without a trailing slash. */
export function apiBase(): string {
  return (clients.tms.getConfig().baseUrl ?? '').replace(/\/+$/, '');
}

/**
 * Downloads a file an API operation serves (an Excel template, an export) and
 * hands it to the browser under the server's Chinese file name. `path` is the
 * operation's path under the API base, as in the spec.
 */
export async function downloadApiFile(path: string, fallbackName: string, auth: Auth): Promise<string> {
  const file = await downloadFile(`${apiBase()}${path}`, {
    token: auth?.token ?? null,
    userId: auth?.userId ?? null,
  });
  const name = file.fileName || fallbackName;
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

const PREVIEW_EXTENSIONS: Readonly<Record<string, 'pdf' | 'image'>> = {
  pdf: 'pdf',
  png: 'image',
  jpg: 'image',
  jpeg: 'image',
  gif: 'image',
  webp: 'image',
};

/** The same by file name, for files listed without a type (the server types them by extension). */
export function previewKindOfName(fileName: string): 'pdf' | 'image' | null {
  const dot = fileName.lastIndexOf('.');
  return dot > 0 ? (PREVIEW_EXTENSIONS[fileName.slice(dot + 1).toLowerCase()] ?? null) : null;
}

export interface FilePreview {
  kind: 'pdf' | 'image';
  /** The file, typed as what the server said it is (only a PDF or an image gets here). */
  blob: Blob;
}

/**
 * A file fetched for preview (an operation answering it inline), with the session's headers: a
 * frame or an <img> cannot send them, so the page shows a blob of it. The type is the server's,
 * and anything but a PDF or an image is refused here as well.
 */
export async function fetchApiPreview(path: string, auth: Auth, signal?: AbortSignal): Promise<FilePreview> {
  const file = await downloadFile(`${apiBase()}${path}`, {
    token: auth?.token ?? null,
    userId: auth?.userId ?? null,
    ...(signal ? { signal } : {}),
  });
  const kind = previewKindOf(file.blob.type);
  if (!kind) throw new ApiError(2, '这个文件不能在线预览，请下载后查看', 0);
  return { kind, blob: new Blob([file.blob], { type: file.blob.type.split(';')[0] ?? '' }) };
}
