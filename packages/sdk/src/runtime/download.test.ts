import { http, HttpResponse, delay } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  ApiError,
  ClientErrCode,
  configure,
  downloadFile,
  fileNameFromDisposition,
  TIMEOUT_MESSAGE,
} from '../index.js';

const FILE = 'http://files.test/api/tms-server/courseWareMgr/downloadCourseWare/7';
const server = setupServer();
const seen: Request[] = [];
beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
  server.events.on('request:start', ({ request }) => void seen.push(request.clone()));
  configure({ baseUrl: 'http://files.test/api', product: () => 'dfrm' });
});
afterEach(() => {
  server.resetHandlers();
  seen.length = 0;
});
afterAll(() => server.close());

const pdf = () =>
  new HttpResponse(new Uint8Array([37, 80, 68, 70]), {
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `attachment; filename="file.pdf"; filename*=UTF-8''${encodeURIComponent('第一章 量化投资导论.pdf')}`,
    },
  });

describe('downloadFile', () => {
  it('fetches a blob with token, userId and Product headers when given a token', async () => {
    server.use(http.get(FILE, pdf));
    const file = await downloadFile(FILE, { token: 't-9', userId: 'u-9' });
    expect(file.fileName).toBe('第一章 量化投资导论.pdf');
    expect(file.blob.size).toBe(4);
    expect(file.blob.type).toBe('application/pdf');
    expect(seen[0]!.method).toBe('GET');
    expect(seen[0]!.headers.get('token')).toBe('t-9');
    expect(seen[0]!.headers.get('userId')).toBe('u-9');
    expect(seen[0]!.headers.get('Product')).toBe('dfrm');
  });

  it('sends no auth headers without a token', async () => {
    server.use(http.get(FILE, pdf));
    await downloadFile(FILE);
    expect(seen[0]!.headers.has('token')).toBe(false);
    expect(seen[0]!.headers.has('Product')).toBe(false);
  });

  it("rejects with the server's envelope message", async () => {
    server.use(
      http.get(FILE, () =>
        HttpResponse.json({ errCode: 5, errMsg: '该课件未共享给你的班级', data: null }, { status: 403 }),
      ),
    );
    await expect(downloadFile(FILE, { token: 't' })).rejects.toMatchObject({
      errCode: 5,
      errMsg: '该课件未共享给你的班级',
    });
  });

  it('rejects an envelope error even with HTTP 200', async () => {
    server.use(http.get(FILE, () => HttpResponse.json({ errCode: 6, errMsg: '课件不存在', data: null })));
    await expect(downloadFile(FILE, { token: 't' })).rejects.toMatchObject({ errCode: 6 });
  });

  it('gives up after its timeout with 请求超时，请稍后再试', async () => {
    server.use(
      http.get(FILE, async () => {
        await delay('infinite');
        return pdf();
      }),
    );
    const error = await downloadFile(FILE, { timeoutMs: 30 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ errCode: ClientErrCode.timeout, message: TIMEOUT_MESSAGE });
  });
});

describe('fileNameFromDisposition', () => {
  it('prefers the UTF-8 name and falls back to the plain one', () => {
    expect(fileNameFromDisposition(`attachment; filename*=UTF-8''%E8%AF%BE%E4%BB%B6.pdf`)).toBe('课件.pdf');
    expect(fileNameFromDisposition('attachment; filename="a b.xlsx"')).toBe('a b.xlsx');
    expect(fileNameFromDisposition(null)).toBeNull();
  });
});
