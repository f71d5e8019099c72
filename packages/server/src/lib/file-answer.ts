import { Readable } from 'node:stream';
import type { Context } from 'hono';
import { attachmentHeaders } from './attachment';

/** A file a service answers with: streamed to the caller as an attachment, never held whole in memory. */
export interface FileAnswer {
  fileName: string;
  contentType: string;
  /** Bytes, when known before streaming (an archive built on the fly has none). */
  size?: number;
  open(range?: { start: number; end: number }): Readable;
}

/** A file answer from bytes already in memory (small generated files such as import templates). */
export function bytesAnswer(fileName: string, contentType: string, data: Uint8Array): FileAnswer {
  return {
    fileName,
    contentType,
    size: data.byteLength,
    open: (range) => Readable.from([range ? data.subarray(range.start, range.end + 1) : data]),
  };
}

export function fileResponse(c: Context, answer: FileAnswer): Response {
  const stream = Readable.toWeb(answer.open()) as ReadableStream<Uint8Array>;
  const headers = attachmentHeaders(answer.fileName, answer.contentType, answer.size ?? 0);
  if (answer.size === undefined) delete headers['Content-Length'];
  return c.body(stream, 200, headers);
}
