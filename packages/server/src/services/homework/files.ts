import { and, eq, inArray } from 'drizzle-orm';
import type { WorkAttachment, WorkAttachmentInput } from '@dfrm/sdk/tms/types';
import type { Db } from '../../db/client';
import { type StoredWorkFile, workUploads } from '../../db/schema/homework';
import { InvalidInputError, NotFoundError } from '../../lib/errors';
import type { FileAnswer } from '../../lib/file-answer';
import { fileTooLargeMessage, type UploadedFile } from '../../lib/multipart';
import type { Storage } from '../../lib/storage';
import type { AuthedContext } from '../context';
import {
  ALLOWED_EXTENSIONS,
  cleanFileName,
  COURSEWARE_TYPES,
  extensionOf,
  PREVIEW_TYPES,
} from '../courseware/files';

export const MAX_WORK_FILES = 10;
export const ATTACHMENT_NOT_FOUND_MESSAGE = '附件不存在';

export function storageOf(ctx: { storage: Storage | null }): Storage {
  if (!ctx.storage) throw new Error('no file storage configured');
  return ctx.storage;
}

/**
 * Keeps an uploaded homework file (a teacher's attachment or a student's
 * answer file) as the caller's: limits as courseware (type by extension,
 * COURSEWARE_MAX_MB). A later save may then name it by its filePath.
 */
export async function recordUpload(ctx: AuthedContext, file: UploadedFile | null): Promise<WorkAttachment> {
  if (!file) throw new InvalidInputError('参数 file 不能为空');
  const fileName = cleanFileName(file.fileName);
  if (fileName === '') throw new InvalidInputError('参数 file 缺少文件名');
  if (!COURSEWARE_TYPES[extensionOf(fileName)]) {
    throw new InvalidInputError(`参数 file 的文件类型不允许，允许的扩展名：${ALLOWED_EXTENSIONS.join('、')}`);
  }
  if (file.size === 0) throw new InvalidInputError('参数 file 是空文件');
  const maxBytes = ctx.config.coursewareMaxBytes;
  if (file.size > maxBytes) throw new InvalidInputError(fileTooLargeMessage('file', maxBytes));
  await ctx.db.insert(workUploads).values({
    storageKey: file.key,
    userId: ctx.auth.userId,
    fileName,
    fileSize: file.size,
    createdAt: ctx.clock.now(),
  });
  return { fileName, filePath: file.key, fileSize: file.size, url: '' };
}

/**
 * The files a save names, in its order: each must be one the caller uploaded
 * or one already on the object being saved (`current`); name and size are
 * always the stored ones (a renamed extension could otherwise change the type
 * a download is served as).
 */
export async function resolveAttachments(
  db: Db,
  userId: number,
  inputs: readonly WorkAttachmentInput[],
  current: readonly StoredWorkFile[],
): Promise<StoredWorkFile[]> {
  if (inputs.length > MAX_WORK_FILES) {
    throw new InvalidInputError(`参数 attachments 最多 ${MAX_WORK_FILES} 个附件`);
  }
  const paths = inputs.map((input) => input.filePath);
  if (new Set(paths).size !== paths.length) throw new InvalidInputError('参数 attachments 中有重复的文件');
  const known = new Map(current.map((file) => [file.storageKey, file]));
  const fresh = paths.filter((path) => !known.has(path));
  if (fresh.length > 0) {
    const uploads = await db
      .select()
      .from(workUploads)
      .where(and(eq(workUploads.userId, userId), inArray(workUploads.storageKey, fresh)));
    for (const upload of uploads) {
      known.set(upload.storageKey, {
        storageKey: upload.storageKey,
        fileName: upload.fileName,
        fileSize: upload.fileSize,
      });
    }
  }
  return inputs.map((input) => {
    const file = known.get(input.filePath);
    if (!file) throw new InvalidInputError(`参数 attachments 中的文件“${input.fileName}”不存在，请重新上传`);
    return file;
  });
}

/**
 * Uploads now owned by a saved object are no longer candidates for clean-up. Inside the save's
 * transaction: each new file (not in `current`, what the object held) must still be a candidate
 * row, or the clean-up (jobs/sweep-uploads.ts) took it and its bytes since the save read it, and
 * the save is refused rather than commit an answer naming a deleted file.
 */
export async function claimUploads(
  db: Db,
  files: readonly StoredWorkFile[],
  current: readonly StoredWorkFile[] = [],
): Promise<void> {
  const held = new Set(current.map((file) => file.storageKey));
  const fresh = files.filter((file) => !held.has(file.storageKey));
  if (fresh.length === 0) return;
  const claimed = await db
    .delete(workUploads)
    .where(
      inArray(
        workUploads.storageKey,
        fresh.map((file) => file.storageKey),
      ),
    )
    .returning({ storageKey: workUploads.storageKey });
  if (claimed.length < fresh.length) {
    const taken = new Set(claimed.map((row) => row.storageKey));
    const gone = fresh.find((file) => !taken.has(file.storageKey));
    throw new InvalidInputError(
      `参数 attachments 中的文件“${gone?.fileName ?? ''}”上传已超过 24 小时未使用，已被清理，请重新上传`,
    );
  }
}

/** Stored files a save dropped: removed from the storage once the save committed. */
export function droppedFiles(
  before: readonly StoredWorkFile[],
  after: readonly StoredWorkFile[],
): StoredWorkFile[] {
  const kept = new Set(after.map((file) => file.storageKey));
  return before.filter((file) => !kept.has(file.storageKey));
}

export async function deleteStoredFiles(ctx: { storage: Storage | null }, files: readonly StoredWorkFile[]) {
  if (!ctx.storage || files.length === 0) return;
  const storage = ctx.storage;
  await Promise.all(files.map((file) => storage.delete(file.storageKey)));
}

/** The answer's view of stored files, each with the API path that downloads it. */
export function attachmentsOf(
  files: readonly StoredWorkFile[],
  urlOf: (index: number) => string,
): WorkAttachment[] {
  return files.map((file, index) => ({
    fileName: file.fileName,
    filePath: file.storageKey,
    fileSize: file.fileSize,
    url: urlOf(index),
  }));
}

/** The `fileIndex`-th stored file as a download (inline for a PDF or image preview). */
export async function storedFileAnswer(
  ctx: AuthedContext,
  files: readonly StoredWorkFile[],
  fileIndex: number,
  preview: boolean,
): Promise<FileAnswer> {
  const file = files[fileIndex];
  if (!file) throw new NotFoundError(ATTACHMENT_NOT_FOUND_MESSAGE);
  const contentType = COURSEWARE_TYPES[extensionOf(file.fileName)] ?? 'application/octet-stream';
  if (preview && !PREVIEW_TYPES.has(contentType)) {
    throw new InvalidInputError(`“${file.fileName}”不能在线预览（只能预览 PDF 和图片），请下载后查看`);
  }
  const storage = storageOf(ctx);
  const stat = await storage.stat(file.storageKey);
  if (!stat) throw new NotFoundError(`附件文件已丢失：${file.fileName}`);
  return {
    fileName: file.fileName,
    contentType,
    size: stat.size,
    inline: preview,
    open: async (range) => {
      const stream = await storage.read(file.storageKey, range);
      if (!stream) throw new NotFoundError(`附件文件已丢失：${file.fileName}`);
      return stream;
    },
  };
}
