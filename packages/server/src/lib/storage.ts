import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';

/** A byte range, both ends included (as HTTP's Range header counts them). */
export interface ByteRange {
  start: number;
  end: number;
}

export interface WriteOptions {
  /** Kept (cleaned, lower-case) at the end of the key, so the stored file shows its kind. */
  extension?: string | undefined;
  /** Past this many bytes the write stops, the partial object is deleted and a FileTooLargeError thrown. */
  maxBytes?: number | undefined;
}

/**
 * Where uploaded files live, as streams: no file is ever held whole in
 * memory. Keys are chosen by the server (never the uploader's file name), so
 * they are safe path segments.
 */
export interface Storage {
  /** Stores what the stream gives under a new server-chosen key. */
  write(
    stream: Readable | ReadableStream<Uint8Array> | WebReadableStream<Uint8Array>,
    options?: WriteOptions,
  ): Promise<{ key: string; size: number }>;
  /** The bytes (or the range of them), or null when the key is unknown. */
  read(key: string, range?: ByteRange): Promise<Readable | null>;
  stat(key: string): Promise<{ size: number } | null>;
  delete(key: string): Promise<void>;
}

/** A write went past its `maxBytes`; nothing was kept. */
export class FileTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`file larger than ${maxBytes} bytes`);
    this.name = 'FileTooLargeError';
  }
}

const KEY_PATTERN = /^[0-9a-f]{2}\/[0-9a-f-]{36}(\.[a-z0-9]{1,10})?$/;

/** A new key: two-character fan-out keeps folders small; the extension is cleaned to [a-z0-9]{1,10}. */
export function newStorageKey(extension?: string): string {
  const id = randomUUID();
  const clean = extension
    ?.toLowerCase()
    .replace(/[^a-z0-9]/g, '')
    .slice(0, 10);
  return `${id.slice(0, 2)}/${id}${clean ? `.${clean}` : ''}`;
}

/** Counts the bytes going through and fails past `maxBytes`. */
export class ByteCounter extends Transform {
  bytes = 0;

  constructor(private readonly maxBytes: number = Number.POSITIVE_INFINITY) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.bytes += chunk.length;
    if (this.bytes > this.maxBytes) callback(new FileTooLargeError(this.maxBytes));
    else callback(null, chunk);
  }
}

/** A Node stream of either kind of source. */
export function nodeReadable(
  stream: Readable | ReadableStream<Uint8Array> | WebReadableStream<Uint8Array>,
): Readable {
  return stream instanceof Readable ? stream : Readable.fromWeb(stream as WebReadableStream<Uint8Array>);
}

export class LocalFolderStorage implements Storage {
  constructor(private readonly root: string) {}

  private pathOf(key: string): string {
    if (!KEY_PATTERN.test(key)) throw new Error(`invalid storage key: ${key}`);
    return path.join(this.root, key);
  }

  async write(
    stream: Readable | ReadableStream<Uint8Array> | WebReadableStream<Uint8Array>,
    options: WriteOptions = {},
  ): Promise<{ key: string; size: number }> {
    const key = newStorageKey(options.extension);
    const file = this.pathOf(key);
    await mkdir(path.dirname(file), { recursive: true });
    const counter = new ByteCounter(options.maxBytes);
    try {
      await pipeline(nodeReadable(stream), counter, createWriteStream(file, { flags: 'wx' }));
    } catch (error) {
      await rm(file, { force: true });
      throw error;
    }
    return { key, size: counter.bytes };
  }

  async read(key: string, range?: ByteRange): Promise<Readable | null> {
    let handle;
    try {
      handle = await open(this.pathOf(key), 'r');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
    return handle.createReadStream(range ? { start: range.start, end: range.end } : {});
  }

  async stat(key: string): Promise<{ size: number } | null> {
    try {
      return { size: (await stat(this.pathOf(key))).size };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }
}
