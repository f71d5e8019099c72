import { InvalidInputError } from './errors';
import type { Storage } from './storage';

/** An uploaded file, already in storage under `key`; the service keeps it by recording the key. */
export interface UploadedFile {
  fileName: string;
  contentType: string;
  size: number;
  key: string;
}

function formatLimit(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${Math.round(bytes / 1024 / 1024)} MB` : `${Math.round(bytes / 1024)} KB`;
}

/** The `file` field of a multipart/form-data request stored, and the text fields. */
export async function parseMultipart(
  req: Request,
  options: { storage: Storage; maxFileBytes: number; fileField?: string },
): Promise<{ fields: Record<string, string>; file: UploadedFile | null }> {
  const type = req.headers.get('content-type') ?? '';
  if (!type.startsWith('multipart/form-data'))
    throw new InvalidInputError('请求体必须是 multipart/form-data，文件放在字段 file 中');
  let form: FormData;
  try {
    form = await req.formData();
  } catch {
    throw new InvalidInputError('请求体不是有效的 multipart/form-data');
  }
  const fields: Record<string, string> = {};
  let file: UploadedFile | null = null;
  for (const [name, value] of form.entries()) {
    if (typeof value === 'string') {
      fields[name] = value;
    } else if (name === (options.fileField ?? 'file')) {
      if (value.size > options.maxFileBytes)
        throw new InvalidInputError(
          `参数 file 超过大小上限：单个文件不能超过 ${formatLimit(options.maxFileBytes)}`,
        );
      const dot = value.name.lastIndexOf('.');
      const key = await options.storage.put(new Uint8Array(await value.arrayBuffer()), {
        extension: dot > 0 ? value.name.slice(dot + 1) : undefined,
      });
      file = { fileName: value.name, contentType: value.type, size: value.size, key };
    }
  }
  return { fields, file };
}

export async function discardUpload(storage: Storage, file: UploadedFile | null): Promise<void> {
  if (file) await storage.delete(file.key);
}
