import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { MemoryStorage } from '../testing/memory-storage';
import { InvalidInputError } from './errors';
import { discardUpload, keepUploadIfDone, parseMultipart } from './multipart';

function request(body: FormData | string, contentType?: string): Request {
  return new Request('http://local/upload', {
    method: 'POST',
    body,
    ...(contentType ? { headers: { 'content-type': contentType } } : {}),
  });
}

function form(entries: Record<string, string | File>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(entries)) data.append(name, value);
  return data;
}

async function refusal(promise: Promise<unknown>): Promise<{ errCode: number; message: string }> {
  const error = await promise.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(InvalidInputError);
  return { errCode: (error as InvalidInputError).errCode, message: (error as Error).message };
}

describe('parseMultipart', () => {
  it('streams the file into storage and collects the text fields, Chinese names kept', async () => {
    const storage = new MemoryStorage();
    const { fields, file } = await parseMultipart(
      request(
        form({
          courseWareName: '第一章 导论',
          file: new File(['%PDF-1.4 讲义'], '第一章 量化投资导论.pdf', { type: 'application/pdf' }),
          schoolId: '1',
        }),
      ),
      { storage, maxFileBytes: 1024 },
    );
    expect(fields).toEqual({ courseWareName: '第一章 导论', schoolId: '1' });
    expect(file).toMatchObject({
      fileName: '第一章 量化投资导论.pdf',
      contentType: 'application/pdf',
      size: 15,
    });
    expect(file?.key).toMatch(/\.pdf$/);
    expect(await text((await storage.read(file?.key ?? '')) as Readable)).toBe('%PDF-1.4 讲义');
    await discardUpload(storage, file);
    expect(storage.files.size).toBe(0);
  });

  it('answers no file when the form has none, and ignores files in other fields', async () => {
    const storage = new MemoryStorage();
    const answer = await parseMultipart(request(form({ a: '1', other: new File(['x'], 'x.pdf') })), {
      storage,
      maxFileBytes: 1024,
    });
    expect(answer).toEqual({ fields: { a: '1' }, file: null });
    expect(storage.files.size).toBe(0);
  });

  it('refuses a file past the limit, naming it in Chinese and keeping nothing', async () => {
    const storage = new MemoryStorage();
    const big = new File([new Uint8Array(3 * 1024 * 1024)], '大.pdf');
    expect(
      await refusal(parseMultipart(request(form({ file: big })), { storage, maxFileBytes: 2 * 1024 * 1024 })),
    ).toEqual({ errCode: 2, message: '参数 file 超过大小上限：单个文件不能超过 2 MB' });
    expect(storage.files.size).toBe(0);
  });

  it('refuses what is not multipart, malformed or with oversized fields', async () => {
    const storage = new MemoryStorage();
    const options = { storage, maxFileBytes: 1024 };
    expect(await refusal(parseMultipart(request('{"a":1}', 'application/json'), options))).toEqual({
      errCode: 2,
      message: '请求体必须是 multipart/form-data，文件放在字段 file 中',
    });
    expect((await refusal(parseMultipart(request('x', 'multipart/form-data'), options))).message).toBe(
      '请求体不是有效的 multipart/form-data',
    );
    expect(
      (await refusal(parseMultipart(request('--b\r\ngarbage', 'multipart/form-data; boundary=b'), options)))
        .message,
    ).toBe('请求体不是有效的 multipart/form-data');
    expect(
      (
        await refusal(
          parseMultipart(
            request(form({ file: new File(['ok'], 'a.pdf'), note: 'x'.repeat(70_000) })),
            options,
          ),
        )
      ).message,
    ).toBe('参数 note 过长：不能超过 64 KB');
    const many: Record<string, string> = {};
    for (let index = 0; index < 40; index++) many[`f${index}`] = 'x';
    expect((await refusal(parseMultipart(request(form(many)), options))).message).toBe(
      '请求体的字段过多：最多 32 个',
    );
    expect(storage.files.size).toBe(0);
  });

  it('keeps an upload only when what records it succeeds', async () => {
    const storage = new MemoryStorage();
    const options = { storage, maxFileBytes: 1024 };
    const first = await parseMultipart(request(form({ file: new File(['a'], 'a.pdf') })), options);
    await expect(
      keepUploadIfDone(storage, first.file, async () => {
        throw new InvalidInputError('参数 courseId 不能为空');
      }),
    ).rejects.toThrow('参数 courseId 不能为空');
    expect(storage.files.size).toBe(0);
    const second = await parseMultipart(request(form({ file: new File(['b'], 'b.pdf') })), options);
    expect(await keepUploadIfDone(storage, second.file, async () => 'kept')).toBe('kept');
    expect([...storage.files.keys()]).toEqual([second.file?.key]);
  });
});

describe('a large upload arriving in pieces', () => {
  it('is stored with its exact size', async () => {
    // 64 MB sent in 64 KB pieces, boundaries falling anywhere
    const storage = new MemoryStorage();
    const boundary = 'dfrm-test-boundary';
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="大.mp4"\r\nContent-Type: video/mp4\r\n\r\n`,
    );
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
    let sent = 0;
    const body = Readable.toWeb(
      new Readable({
        read() {
          if (sent === 0) this.push(head);
          if (sent < 1024) this.push(Buffer.alloc(64 * 1024, sent % 256));
          else if (sent === 1024) this.push(tail);
          else this.push(null);
          sent += 1;
        },
      }),
    ) as ReadableStream<Uint8Array>;
    const req = new Request('http://local/upload', {
      method: 'POST',
      body,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      duplex: 'half',
    } as RequestInit);
    const { file } = await parseMultipart(req, { storage, maxFileBytes: 100 * 1024 * 1024 });
    expect(file).toMatchObject({ fileName: '大.mp4', contentType: 'video/mp4', size: 64 * 1024 * 1024 });
  });
});
