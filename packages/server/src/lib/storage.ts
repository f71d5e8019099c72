import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Where uploaded files live. Keys are chosen by the server (never the
 * uploader's file name), so they are safe path segments.
 */
export interface Storage {
  /** Stores the bytes under a new server-chosen key and answers it. */
  put(data: Uint8Array, options?: { extension?: string }): Promise<string>;
  /** The bytes, or null when the key is unknown. */
  get(key: string): Promise<Uint8Array | null>;
  size(key: string): Promise<number | null>;
  delete(key: string): Promise<void>;
}

const KEY_PATTERN = /^[0-9a-f]{2}\/[0-9a-f-]{36}(\.[a-z0-9]{1,10})?$/;

export class LocalFolderStorage implements Storage {
  constructor(private readonly root: string) {}

  private pathOf(key: string): string {
    if (!KEY_PATTERN.test(key)) throw new Error(`invalid storage key: ${key}`);
    return path.join(this.root, key);
  }

  async put(data: Uint8Array, options: { extension?: string } = {}): Promise<string> {
    const id = randomUUID();
    const extension = options.extension
      ?.toLowerCase()
      .replace(/[^a-z0-9]/g, '')
      .slice(0, 10);
    // two-character fan-out keeps folders small
    const key = `${id.slice(0, 2)}/${id}${extension ? `.${extension}` : ''}`;
    const file = this.pathOf(key);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, data, { flag: 'wx' });
    return key;
  }

  async get(key: string): Promise<Uint8Array | null> {
    try {
      return new Uint8Array(await readFile(this.pathOf(key)));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async size(key: string): Promise<number | null> {
    try {
      return (await stat(this.pathOf(key))).size;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }
}
