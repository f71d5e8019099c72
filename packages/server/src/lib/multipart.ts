import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import busboy from 'busboy';
import { InvalidInputError } from './errors';
import { FileTooLargeError, type Storage } from './storage';

/** An uploaded file, already in storage under `key`: keep it by recording the key, or discard it. */
export interface UploadedFile {
  /** The name the uploader's browser sent (not yet cleaned). */
  fileName: string;
  /** The type the browser claimed: never trusted for downloads. */
  contentType: string;
  size: number;
  key: string;
}

export interface MultipartOptions {
  storage: Storage;
  maxFileBytes: number;
  /** The form field carrying the file; `file` by default. */
  fileField?: string;
}

/** Text fields are small: ids, names, a description. */
const MAX_FIELDS = 32;
const MAX_FIELD_BYTES = 64 * 1024;

export const NOT_MULTIPART_MESSAGE = '请求体必须是 multipart/form-data，文件放在字段 file 中';
export const BAD_MULTIPART_MESSAGE = '请求体不是有效的 multipart/form-data';

/** A size limit as people say it: 200 MB, 1.5 MB, 64 KB. */
export function formatSize(bytes: number): string {
  const round = (value: number) => String(Math.round(value * 100) / 100);
  if (bytes >= 1024 * 1024) return `${round(bytes / (1024 * 1024))} MB`;
  if (bytes >= 1024) return `${round(bytes / 1024)} KB`;
  return `${bytes} 字节`;
}

export function fileTooLargeMessage(field: string, maxBytes: number): string {
  return `参数 ${field} 超过大小上限：单个文件不能超过 ${formatSize(maxBytes)}`;
}

function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot > 0 ? fileName.slice(dot + 1) : '';
}

/** Drops an upload the service did not keep. */
export async function discardUpload(storage: Storage, file: UploadedFile | null): Promise<void> {
  if (file) await storage.delete(file.key);
}

/**
 * Reads a multipart/form-data request as it arrives: the file field streams
 * straight into storage (never whole in memory) and stops past
 * `maxFileBytes`; the text fields are collected. Anything but multipart, a
 * malformed body, a file too large or too many/too long fields answer errCode
 * 2 in Chinese, with nothing left in storage.
 */
export async function parseMultipart(
  req: Request,
  options: MultipartOptions,
): Promise<{ fields: Record<string, string>; file: UploadedFile | null }> {
  const fileField = options.fileField ?? 'file';
  const type = req.headers.get('content-type') ?? '';
  if (!/^multipart\/form-data/i.test(type)) throw new InvalidInputError(NOT_MULTIPART_MESSAGE);
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { 'content-type': type },
      // browsers send the file name as raw UTF-8
      defParamCharset: 'utf8',
      limits: {
        fields: MAX_FIELDS,
        fieldSize: MAX_FIELD_BYTES,
        fieldNameSize: 200,
        parts: MAX_FIELDS + 4,
      },
    });
  } catch {
    throw new InvalidInputError(BAD_MULTIPART_MESSAGE);
  }
  const body = req.body;
  if (!body) throw new InvalidInputError(BAD_MULTIPART_MESSAGE);
  const source = Readable.fromWeb(body as WebReadableStream<Uint8Array>);

  const fields: Record<string, string> = {};
  let writing: Promise<UploadedFile> | null = null;

  const parsed = new Promise<void>((resolve, reject) => {
    const fail = (error: Error) => {
      source.unpipe(parser);
      source.destroy();
      reject(error);
    };
    parser.on('field', (name, value, info) => {
      if (info.nameTruncated || info.valueTruncated) {
        fail(new InvalidInputError(`参数 ${name} 过长：不能超过 ${formatSize(MAX_FIELD_BYTES)}`));
        return;
      }
      fields[name] = value;
    });
    parser.on('file', (name, stream, info) => {
      if (name !== fileField || writing) {
        // only one file, in the named field
        stream.resume();
        return;
      }
      const fileName = info.filename ?? '';
      writing = options.storage
        .write(stream, { extension: extensionOf(fileName), maxBytes: options.maxFileBytes })
        .then(({ key, size }) => ({ fileName, contentType: info.mimeType, size, key }));
      writing.catch((error: unknown) => fail(error as Error));
    });
    const tooMany = () => fail(new InvalidInputError(`请求体的字段过多：最多 ${MAX_FIELDS} 个`));
    parser.on('fieldsLimit', tooMany);
    parser.on('partsLimit', tooMany);
    parser.on('error', () => fail(new InvalidInputError(BAD_MULTIPART_MESSAGE)));
    parser.on('close', () => resolve());
    source.on('error', (error) => fail(error));
    source.pipe(parser);
  });

  const pending = () => writing as Promise<UploadedFile> | null;
  try {
    await parsed;
    const file = await pending();
    return { fields, file };
  } catch (error) {
    // a file that made it to storage before another part failed
    await discardUpload(options.storage, (await pending()?.catch(() => null)) ?? null);
    if (error instanceof FileTooLargeError)
      throw new InvalidInputError(fileTooLargeMessage(fileField, options.maxFileBytes));
    throw error;
  }
}

/**
 * Runs what records an upload; when it throws (a refused name, a missing
 * course, ...) the file is discarded, so storage keeps only what a row names.
 */
export async function keepUploadIfDone<T>(
  storage: Storage,
  file: UploadedFile | null,
  record: () => Promise<T>,
): Promise<T> {
  try {
    return await record();
  } catch (error) {
    await discardUpload(storage, file).catch(() => {});
    throw error;
  }
}

/** Runs what reads an upload that is never kept (a spreadsheet import), discarding it after either way. */
export async function discardUploadAfter<T>(
  storage: Storage,
  file: UploadedFile | null,
  use: () => Promise<T>,
): Promise<T> {
  try {
    return await use();
  } finally {
    await discardUpload(storage, file).catch(() => {});
  }
}

/**
 * The upload of a spreadsheet import: parsed with the 5 MB limit of
 * spreadsheets, handed to `use`, discarded after.
 */
export async function withSheetUpload<T>(
  req: Request,
  storage: Storage | null,
  maxFileBytes: number,
  use: (upload: { fields: Record<string, string>; file: UploadedFile | null }) => Promise<T>,
): Promise<T> {
  if (!storage) throw new Error('no file storage configured');
  const upload = await parseMultipart(req, { storage, maxFileBytes });
  return discardUploadAfter(storage, upload.file, () => use(upload));
}
