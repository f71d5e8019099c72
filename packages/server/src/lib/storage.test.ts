import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MemoryStorage } from '../testing/memory-storage';
import { FileTooLargeError, LocalFolderStorage, type Storage } from './storage';

let root: string;
beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'dfrm-storage-'));
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

async function filesUnder(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => entry.name);
}

/** A stream of `count` chunks of `size` bytes, made as it is read. */
function chunks(count: number, size: number): Readable {
  let sent = 0;
  return new Readable({
    read() {
      this.push(sent++ < count ? Buffer.alloc(size, 0x61) : null);
    },
  });
}

const kinds: [string, () => Storage][] = [
  ['LocalFolderStorage', () => new LocalFolderStorage(root)],
  ['MemoryStorage', () => new MemoryStorage()],
];

describe.each(kinds)('%s', (_name, make) => {
  it('stores a stream under a server-chosen key and gives it back, whole or a range', async () => {
    const storage = make();
    const { key, size } = await storage.write(Readable.from([Buffer.from('量化'), Buffer.from('报告')]), {
      extension: '.PDF',
    });
    expect(key).toMatch(/^[0-9a-f]{2}\/[0-9a-f-]{36}\.pdf$/);
    expect(size).toBe(12);
    expect(await storage.stat(key)).toEqual({ size: 12 });
    expect(await text((await storage.read(key)) as Readable)).toBe('量化报告');
    expect(await text((await storage.read(key, { start: 6, end: 11 })) as Readable)).toBe('报告');
    await storage.delete(key);
    expect(await storage.read(key)).toBeNull();
    expect(await storage.stat(key)).toBeNull();
  });

  it('takes a web ReadableStream as well', async () => {
    const storage = make();
    const body = new Response('网页流').body as ReadableStream<Uint8Array>;
    const { key, size } = await storage.write(body);
    expect(size).toBe(9);
    expect(await text((await storage.read(key)) as Readable)).toBe('网页流');
  });

  it('stops past maxBytes, keeping nothing', async () => {
    const storage = make();
    await expect(storage.write(chunks(100, 1024), { maxBytes: 10 * 1024 })).rejects.toBeInstanceOf(
      FileTooLargeError,
    );
    const exact = await storage.write(chunks(10, 1024), { maxBytes: 10 * 1024 });
    expect(exact.size).toBe(10 * 1024);
    if (storage instanceof MemoryStorage) expect([...storage.files.keys()]).toEqual([exact.key]);
    else expect(await filesUnder(root)).toEqual([path.basename(exact.key)]);
  });
});

describe('LocalFolderStorage', () => {
  it('refuses keys it did not make', async () => {
    const storage = new LocalFolderStorage(root);
    await expect(storage.read('../../etc/passwd')).rejects.toThrow('invalid storage key');
    await expect(storage.stat('../x')).rejects.toThrow('invalid storage key');
  });
});
