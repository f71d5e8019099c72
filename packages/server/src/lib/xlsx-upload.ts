import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { InvalidInputError } from './errors';
import type { AppEnv } from '../routes/hono-env';
import { XLSX_MAX_BYTES } from './xlsx';

// room for the multipart framing and small text fields around the file
const MULTIPART_OVERHEAD = 64 * 1024;

const limit: MiddlewareHandler<AppEnv> = bodyLimit({
  maxSize: XLSX_MAX_BYTES + MULTIPART_OVERHEAD,
  onError: () => {
    throw new InvalidInputError('参数 file 不能超过 5 MB');
  },
});

/** Refuses anything but multipart, and a spreadsheet upload over 5 MB before it is read into memory. */
export const xlsxUploadLimit: MiddlewareHandler<AppEnv> = (c, next) => {
  if (!(c.req.header('content-type') ?? '').startsWith('multipart/form-data'))
    throw new InvalidInputError('请求体必须是 multipart/form-data，文件放在字段 file 中');
  return limit(c, next);
};

export interface UploadedFile {
  fileName: string;
  data: Uint8Array;
  /** The other (text) fields of the form. */
  fields: Record<string, string>;
}

/** The `file` field of a multipart/form-data request (errCode 2 when missing or not multipart). */
export async function uploadedFile(c: Context<AppEnv>): Promise<UploadedFile> {
  const type = c.req.header('content-type') ?? '';
  if (!type.startsWith('multipart/form-data'))
    throw new InvalidInputError('请求体必须是 multipart/form-data，文件放在字段 file 中');
  let form: Record<string, string | File>;
  try {
    form = await c.req.parseBody();
  } catch {
    throw new InvalidInputError('请求体不是有效的 multipart/form-data');
  }
  const { file, ...rest } = form;
  if (!(file instanceof File)) throw new InvalidInputError('参数 file 不能为空');
  const fields = Object.fromEntries(
    Object.entries(rest).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
  return { fileName: file.name, data: new Uint8Array(await file.arrayBuffer()), fields };
}
