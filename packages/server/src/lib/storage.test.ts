import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LocalFolderStorage } from './storage';

let root: string;
beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'dfrm-storage-'));
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('LocalFolderStorage', () => {
  it('stores bytes under a server-chosen key and gives them back', async () => {
    const storage = new LocalFolderStorage(root);
    const key = await storage.put(new TextEncoder().encode('报告'), { extension: '.PDF' });
    expect(key).toMatch(/^[0-9a-f]{2}\/[0-9a-f-]{36}\.pdf$/);
    expect(new TextDecoder().decode((await storage.get(key)) ?? new Uint8Array())).toBe('报告');
    expect(await storage.size(key)).toBe(6);
    await storage.delete(key);
    expect(await storage.get(key)).toBeNull();
  });

  it('refuses keys it did not make', async () => {
    const storage = new LocalFolderStorage(root);
    await expect(storage.get('../../etc/passwd')).rejects.toThrow('invalid storage key');
  });
});
