import { randomUUID } from 'node:crypto';
import type { Storage } from '../lib/storage';

/** A Storage kept in memory, one per test app: nothing to clean up, and tests can look inside. */
export class MemoryStorage implements Storage {
  readonly files = new Map<string, Uint8Array>();

  async put(data: Uint8Array, options: { extension?: string } = {}): Promise<string> {
    const id = randomUUID();
    const extension = options.extension
      ?.toLowerCase()
      .replace(/[^a-z0-9]/g, '')
      .slice(0, 10);
    // same key shape as LocalFolderStorage
    const key = `${id.slice(0, 2)}/${id}${extension ? `.${extension}` : ''}`;
    this.files.set(key, new Uint8Array(data));
    return key;
  }

  async get(key: string): Promise<Uint8Array | null> {
    const data = this.files.get(key);
    return data ? new Uint8Array(data) : null;
  }

  async size(key: string): Promise<number | null> {
    return this.files.get(key)?.byteLength ?? null;
  }

  async delete(key: string): Promise<void> {
    this.files.delete(key);
  }
}
