/**
 * The kinds of file a courseware may carry. The Content-Type of a download
 * comes from this table (the extension the server checked), never from what
 * the uploader's browser claimed.
 */
export const COURSEWARE_TYPES: Readonly<Record<string, string>> = {
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  ppt: 'application/vnd.ms-powerpoint',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
  txt: 'text/plain; charset=utf-8',
  md: 'text/markdown; charset=utf-8',
  zip: 'application/zip',
  rar: 'application/vnd.rar',
  ipynb: 'application/x-ipynb+json',
  py: 'text/x-python; charset=utf-8',
  mp4: 'video/mp4',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
};

/**
 * What a browser shows in the page by itself (its PDF viewer, <img>): the types the preview
 * answers inline. Everything else is downloaded.
 */
export const PREVIEW_TYPES: ReadonlySet<string> = new Set([
  'application/pdf',
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
]);

export const ALLOWED_EXTENSIONS = Object.keys(COURSEWARE_TYPES);

export const FILE_NAME_MAX = 200;

/**
 * The uploader's file name made safe to keep and to show: no folders (some
 * browsers send a full path), no control characters, at most 200 characters
 * with the extension kept. Empty when nothing is left.
 */
export function cleanFileName(raw: string): string {
  const base = raw.split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const cleaned = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  const chars = [...cleaned];
  if (chars.length <= FILE_NAME_MAX) return cleaned;
  const dot = cleaned.lastIndexOf('.');
  const extension = dot > 0 ? [...cleaned.slice(dot)] : [];
  return chars.slice(0, FILE_NAME_MAX - extension.length).join('') + extension.join('');
}

/** The lower-case extension of a file name, or '' without one. */
export function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot > 0 ? fileName.slice(dot + 1).toLowerCase() : '';
}
