import { Readable } from 'node:stream';
import type { Context } from 'hono';
import { attachmentHeaders } from './attachment';
import type { ByteRange } from './storage';

/**
 * A file a service answers: what to call it and a way to stream it. With a
 * known `size` the answer carries Content-Length and honours Range requests;
 * `open(range)` then gives exactly those bytes (both ends included).
 */
export interface FileAnswer {
  fileName: string;
  contentType: string;
  size?: number | undefined;
  /** Shown in the page (Content-Disposition inline) rather than saved; attachment by default. */
  inline?: boolean | undefined;
  open(range?: ByteRange): Readable | Promise<Readable>;
}

/** A file answer from bytes already in memory (small generated files such as import templates). */
export function bytesAnswer(fileName: string, contentType: string, data: Uint8Array): FileAnswer {
  return {
    fileName,
    contentType,
    size: data.byteLength,
    open: (range) => Readable.from([Buffer.from(range ? data.subarray(range.start, range.end + 1) : data)]),
  };
}

export type RangeRequest = { kind: 'none' } | { kind: 'range'; range: ByteRange } | { kind: 'unsatisfiable' };

/**
 * A `Range` header against a file of `size` bytes (RFC 9110 §14.1). One
 * range only: several ranges, another unit or bad syntax are ignored (the
 * whole file is answered, as the RFC allows).
 */
export function parseRange(header: string | undefined, size: number): RangeRequest {
  if (!header) return { kind: 'none' };
  const match = /^\s*bytes\s*=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(header);
  if (!match) return { kind: 'none' };
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return { kind: 'none' };
  if (first === '') {
    // the last N bytes
    const length = Number(last);
    if (length === 0 || size === 0) return { kind: 'unsatisfiable' };
    return { kind: 'range', range: { start: Math.max(0, size - length), end: size - 1 } };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (last !== '' && Number(last) < start) return { kind: 'none' };
  if (start >= size) return { kind: 'unsatisfiable' };
  return { kind: 'range', range: { start, end } };
}

/** A web stream pulling from the Node stream only as fast as the client reads: no whole file in memory. */
function pulled(open: () => Readable | Promise<Readable>): ReadableStream<Uint8Array> {
  let source: Readable | null = null;
  let chunks: AsyncIterator<Buffer> | null = null;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!chunks) {
        source = await open();
        chunks = source[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
      }
      const next = await chunks.next();
      if (next.done) controller.close();
      else controller.enqueue(typeof next.value === 'string' ? Buffer.from(next.value) : next.value);
    },
    cancel() {
      source?.destroy();
    },
  });
}

/**
 * Answers a file as an attachment (Chinese-safe Content-Disposition, nosniff,
 * no caching), streamed. With a known size: `Accept-Ranges: bytes`, 206 with
 * Content-Range for a satisfiable single Range, 416 for an unsatisfiable one.
 */
export function fileResponse(c: Context, answer: FileAnswer): Response {
  const headers = attachmentHeaders(
    answer.fileName,
    answer.contentType,
    answer.size,
    answer.inline ? 'inline' : 'attachment',
  );
  const size = answer.size;
  if (size === undefined)
    return c.body(
      pulled(() => answer.open()),
      200,
      headers,
    );
  headers['Accept-Ranges'] = 'bytes';
  const request = parseRange(c.req.header('range'), size);
  if (request.kind === 'unsatisfiable') {
    const { 'Content-Length': _length, ...rest } = headers;
    return c.body(null, 416, { ...rest, 'Content-Range': `bytes */${size}` });
  }
  if (request.kind === 'range') {
    const { start, end } = request.range;
    return c.body(
      pulled(() => answer.open(request.range)),
      206,
      {
        ...headers,
        'Content-Length': String(end - start + 1),
        'Content-Range': `bytes ${start}-${end}/${size}`,
      },
    );
  }
  return c.body(
    pulled(() => answer.open()),
    200,
    headers,
  );
}
