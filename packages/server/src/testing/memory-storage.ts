import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import {
  ByteCounter,
  type ByteRange,
  newStorageKey,
  nodeReadable,
  type Storage,
  type WriteOptions,
} from '../lib/storage';

/** A Storage kept in memory, one per test app: nothing to clean up, and tests can look inside. */
export class MemoryStorage implements Storage {
  readonly files = new Map<string, Uint8Array>();

  async write(
    stream: Readable | ReadableStream<Uint8Array> | WebReadableStream<Uint8Array>,
    options: WriteOptions = {},
  ): Promise<{ key: string; size: number }> {
    const key = newStorageKey(options.extension);
    const chunks: Buffer[] = [];
    const counter = new ByteCounter(options.maxBytes);
    await pipeline(
      nodeReadable(stream),
      counter,
      new Writable({
        write(chunk: Buffer, _encoding, callback) {
          chunks.push(chunk);
          callback();
        },
      }),
    );
    this.files.set(key, new Uint8Array(Buffer.concat(chunks)));
    return { key, size: counter.bytes };
  }

  /** Test setup: stores bytes as an upload would. */
  async put(data: Uint8Array, options: WriteOptions = {}): Promise<string> {
    return (await this.write(Readable.from([Buffer.from(data)]), options)).key;
  }

  async read(key: string, range?: ByteRange): Promise<Readable | null> {
    const data = this.files.get(key);
    if (!data) return null;
    const part = range ? data.subarray(range.start, range.end + 1) : data;
    return Readable.from([Buffer.from(part)]);
  }

  async stat(key: string): Promise<{ size: number } | null> {
    const data = this.files.get(key);
    return data ? { size: data.byteLength } : null;
  }

  async delete(key: string): Promise<void> {
    this.files.delete(key);
  }
}
