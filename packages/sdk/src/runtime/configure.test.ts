import { http, HttpResponse, delay } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { getClientUserLogin } from '../gen/tms/sdk.gen.js';
import { isLogin, login } from '../gen/user/sdk.gen.js';
import { ApiError, ClientErrCode, configure, REQUEST_TIMEOUT_MS, TIMEOUT_MESSAGE } from '../index.js';

const BASE = 'http://api.test/api';
const user = {
  userId: 'u1',
  userName: 'teacher1',
  nickName: '',
  realName: '王老师',
  portraitUrl: '',
  email: '',
  phoneNumber: '13800000001',
  productName: 'dfrm',
  token: 't-1',
  mustChangePassword: false,
};
const ok = (data: unknown) => HttpResponse.json({ errCode: 0, errMsg: 'success', data });

const seen: Request[] = [];
const server = setupServer();

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
afterEach(() => {
  server.resetHandlers();
  seen.length = 0;
  vi.useRealTimers();
});

let auth: { token?: string; userId?: string } | null = null;
let product: string | undefined;
beforeEach(() => {
  auth = null;
  product = undefined;
  configure({ baseUrl: BASE, product: () => product, getAuth: () => auth });
  server.events.on('request:start', ({ request }) => {
    seen.push(request.clone());
  });
});
afterEach(() => server.events.removeAllListeners());

describe('headers', () => {
  it('sends Product dfrm and no token before login', async () => {
    server.use(http.post(`${BASE}/user/login`, () => ok(user)));
    await login({ body: { account: 'teacher1', password: 'x', productId: 7 } });
    const request = seen[0]!;
    expect(request.headers.get('Product')).toBe('dfrm');
    expect(request.headers.has('token')).toBe(false);
    expect(request.headers.has('userId')).toBe(false);
  });

  it('sends token, userId and a stored product name once known', async () => {
    auth = { token: 't-1', userId: 'u1' };
    product = 'dfrm-admin';
    server.use(
      http.get(`${BASE}/clientUser/v2/userLogin`, () =>
        ok({ schoolId: '1', schoolName: '演示', name: '王老师', type: 'teacher', roles: ['teacher'] }),
      ),
    );
    await getClientUserLogin();
    const request = seen[0]!;
    expect(request.headers.get('token')).toBe('t-1');
    expect(request.headers.get('userId')).toBe('u1');
    expect(request.headers.get('Product')).toBe('dfrm-admin');
  });

  it('asks for credentials to be included', async () => {
    server.use(http.post(`${BASE}/user/login`, () => ok(user)));
    await login({ body: { account: 'teacher1', password: 'x', productId: 7 } });
    expect(seen[0]!.credentials).toBe('include');
  });
});

describe('envelope', () => {
  it('hands the caller data, not the envelope', async () => {
    server.use(http.post(`${BASE}/user/login`, () => ok(user)));
    const result = await login({ body: { account: 'teacher1', password: 'x', productId: 7 } });
    expect(result).toEqual(user);
  });

  it('turns errCode ≠ 0 into ApiError with errCode and errMsg, even on HTTP 200', async () => {
    server.use(
      http.post(`${BASE}/user/login`, () =>
        HttpResponse.json({ errCode: 1, errMsg: '账号或密码错误', data: null }),
      ),
    );
    const error = await login({ body: { account: 'teacher1', password: 'bad', productId: 7 } }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      errCode: 1,
      errMsg: '账号或密码错误',
      message: '账号或密码错误',
      status: 200,
    });
  });

  it('keeps errCode 3 and the server message on HTTP 401', async () => {
    server.use(
      http.post(`${BASE}/user/islogin`, () =>
        HttpResponse.json({ errCode: 3, errMsg: '您的账号已在其他地方登录', data: null }, { status: 401 }),
      ),
    );
    const error = await isLogin({ query: { token: 'old' } }).catch((e: unknown) => e);
    expect(error).toMatchObject({ errCode: 3, errMsg: '您的账号已在其他地方登录', status: 401 });
  });

  it('reports a non-JSON server failure in Chinese', async () => {
    server.use(
      http.post(
        `${BASE}/user/login`,
        () =>
          new HttpResponse('<html>bad gateway</html>', {
            status: 502,
            headers: { 'Content-Type': 'text/html' },
          }),
      ),
    );
    const error = await login({ body: { account: 'a', password: 'b', productId: 7 } }).catch(
      (e: unknown) => e,
    );
    expect(error).toMatchObject({ errCode: ClientErrCode.badResponse, status: 502 });
    expect((error as ApiError).errMsg).toContain('502');
  });

  it('rejects data that does not match the contract', async () => {
    server.use(http.post(`${BASE}/user/login`, () => ok({ userId: 1 })));
    const error = await login({ body: { account: 'a', password: 'b', productId: 7 } }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      errCode: ClientErrCode.badResponse,
      errMsg: '服务器返回的数据不符合接口约定（字段 userId）',
    });
  });

  it('refuses bad input before sending anything', async () => {
    server.use(http.post(`${BASE}/user/login`, () => ok(user)));
    // @ts-expect-error productId must be 7
    const error = await login({ body: { account: 'a', password: 'b', productId: 8 } }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ errCode: 2, errMsg: '参数 productId 取值不正确，可选值：7' });
    expect(seen).toHaveLength(0);
  });

  it('turns a refused connection into a Chinese network error', async () => {
    server.use(http.post(`${BASE}/user/login`, () => HttpResponse.error()));
    const error = await login({ body: { account: 'a', password: 'b', productId: 7 } }).catch(
      (e: unknown) => e,
    );
    expect(error).toMatchObject({ errCode: ClientErrCode.network });
  });
});

describe('timeout', () => {
  it('gives up after 30 s with 请求超时，请稍后再试', async () => {
    expect(REQUEST_TIMEOUT_MS).toBe(30_000);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    server.use(
      http.post(`${BASE}/user/login`, async () => {
        await delay('infinite');
        return ok(user);
      }),
    );
    let settled: unknown = 'pending';
    const call = login({ body: { account: 'a', password: 'b', productId: 7 } }).then(
      (v) => (settled = v),
      (e: unknown) => (settled = e),
    );
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
    expect(settled).toBe('pending');
    await vi.advanceTimersByTimeAsync(1);
    await call;
    expect(settled).toBeInstanceOf(ApiError);
    expect(settled).toMatchObject({ errCode: ClientErrCode.timeout, message: TIMEOUT_MESSAGE });
    expect((settled as ApiError).isTimeout).toBe(true);
  });

  it("honours the caller's own abort signal as an abort, not a timeout", async () => {
    server.use(
      http.post(`${BASE}/user/login`, async () => {
        await delay('infinite');
        return ok(user);
      }),
    );
    const controller = new AbortController();
    const call = login({ body: { account: 'a', password: 'b', productId: 7 }, signal: controller.signal });
    controller.abort();
    const error = await call.catch((e: unknown) => e);
    expect(error).not.toBeInstanceOf(ApiError);
    expect((error as Error).name).toBe('AbortError');
  });
});
