import * as z from 'zod/mini';

/**
 * A file part of a multipart operation. The spec describes it as a binary
 * string, so the generated request check expects a string; the browser sends
 * a Blob (a File). Upload calls check their body with the generated schema
 * extended by this: `z.extend(zUploadXBody, { file: zFilePart })`.
 */
export const zFilePart = z.custom<Blob>((value) => value instanceof Blob, { error: '请选择要上传的文件' });
