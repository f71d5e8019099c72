/**
 * `Content-Disposition` for a download under its original (often Chinese)
 * name: an ASCII `filename` for old clients and the exact name in
 * `filename*` (RFC 6266 / RFC 5987).
 */
export function contentDisposition(fileName: string, disposition: 'attachment' | 'inline' = 'attachment'): string {
  const dot = fileName.lastIndexOf('.');
  const extension = dot > 0 ? fileName.slice(dot).replace(/[^A-Za-z0-9.]/g, '') : '';
  const ascii = fileName
    .replace(/[^\x20-\x7e]/g, '')
    .replace(/["\\]/g, '_')
    .trim();
  const base = ascii.slice(0, ascii.length - extension.length).replace(/[\s._-]/g, '');
  const fallback = ascii && base ? ascii : `download${extension}`;
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${disposition}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/**
 * Headers of a file answered as an attachment (Content-Length only when the size is known);
 * `inline` for a file the page shows itself (a PDF or an image previewed in place).
 */
export function attachmentHeaders(
  fileName: string,
  contentType: string,
  size?: number,
  disposition: 'attachment' | 'inline' = 'attachment',
): Record<string, string> {
  return {
    'Content-Type': contentType,
    ...(size === undefined ? {} : { 'Content-Length': String(size) }),
    'Content-Disposition': contentDisposition(fileName, disposition),
    'X-Content-Type-Options': 'nosniff',
    'Cache-Control': 'private, no-store',
  };
}
