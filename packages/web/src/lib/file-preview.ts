import { ApiError, downloadFile } from '@dfrm/sdk';
import { apiUrl } from './api-file';

/** What a page can show of a file itself: PDFs in the browser's viewer, images as images. */
export type PreviewKind = 'pdf' | 'image';

export const PREVIEW_KINDS: Readonly<Record<string, PreviewKind>> = {
  'application/pdf': 'pdf',
  'image/png': 'image',
  'image/jpeg': 'image',
  'image/gif': 'image',
  'image/webp': 'image',
};

export const previewKindOf = (contentType: string): PreviewKind | null =>
  PREVIEW_KINDS[contentType.split(';')[0]?.trim().toLowerCase() ?? ''] ?? null;

const PREVIEW_EXTENSIONS: Readonly<Record<string, PreviewKind>> = {
  pdf: 'pdf',
  png: 'image',
  jpg: 'image',
  jpeg: 'image',
  gif: 'image',
  webp: 'image',
};

/**
 * The same by a file's name, for files listed without their type (homework attachments): the
 * server takes a file's type from its extension too, and still refuses to preview anything else.
 */
export const previewKindOfName = (fileName: string): PreviewKind | null =>
  PREVIEW_EXTENSIONS[/\.([^.]+)$/.exec(fileName)?.[1]?.toLowerCase() ?? ''] ?? null;

export interface FilePreview {
  kind: PreviewKind;
  /** The file, typed as what the server said it is (only a PDF or an image gets here). */
  blob: Blob;
}

/**
 * A file an operation serves inline for preview (`path` under the API base, with its
 * `preview=true`), fetched with the session's headers: a frame or an <img> cannot send them, so
 * the page shows a blob of it. The type is the server's, and anything but a PDF or an image is
 * refused here as well.
 */
export async function fetchFilePreview(
  path: string,
  auth: { token: string; userId: string } | null,
  signal?: AbortSignal,
): Promise<FilePreview> {
  const file = await downloadFile(apiUrl(path), {
    token: auth?.token ?? null,
    userId: auth?.userId ?? null,
    ...(signal ? { signal } : {}),
  });
  const kind = previewKindOf(file.blob.type);
  if (!kind) throw new ApiError(2, '这个文件不能在线预览，请下载后查看', 0);
  return { kind, blob: new Blob([file.blob], { type: file.blob.type.split(';')[0] ?? '' }) };
}
