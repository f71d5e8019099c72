import { http, HttpResponse, delay } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Client } from '../gen/shared/client/index.js';
import { clientUserLogin, getCourseList, getStudentRecentCourse } from '../gen/tms/sdk.gen.js';
import { login } from '../gen/user/sdk.gen.js';
import {
  ApiError,
  ClientErrCode,
  configure,
  createClient,
  ErrCode,
  REQUEST_TIMEOUT_MS,
  TIMEOUT_MESSAGE,
} from '../index.js';

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
};
const ok = (data: unknown) => HttpResponse.json({ errCode: 0, errMsg: 'success', data });
const account = { account: 'teacher1', password: 'x', productId: 7 as const };

const sent: string[] = [];
const server = setupServer();
beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
  server.events.on('request:start', ({ request }) => {
    sent.push(new URL(request.url).pathname);
  });
});
afterAll(() => server.close());
afterEach(() => {
  server.resetHandlers();
  sent.length = 0;
  vi.useRealTimers();
});

/** The rejection of a call, which must be an ApiError: the assertions below read its fields. */
async function failure(call: Promise<unknown>): Promise<ApiError> {
  const error = await call.then(
    () => {
      throw new Error('the call succeeded');
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

// The same failures through the global clients (what the web app uses) and through an instance.
const ways: [string, () => Client | undefined][] = [
  [
    'configure',
    () => {
      configure({ baseUrl: BASE, getAuth: () => ({ token: 't-1', userId: 'u1' }) });
      return undefined;
    },
  ],
  [
    'createClient',
    () => createClient({ baseUrl: BASE, getAuth: () => ({ token: 't-1', userId: 'u1' }) }).client,
  ],
];

describe.each(ways)('every failure is an ApiError (%s)', (_name, setup) => {
  it('a body that fails the contract: errCode 2 naming the field, nothing sent', async () => {
    const client = setup();
    server.use(http.post(`${BASE}/user/login`, () => ok(user)));
    const error = await failure(login({ client, body: { ...account, password: '' } }));
    expect(error).toMatchObject({ errCode: ErrCode.invalidInput, status: 0 });
    expect(error.message).toBe('参数 password 不能为空');
    expect(error.errMsg).toBe('参数 password 不能为空');

    const tooBig = await failure(
      getCourseList({ client, body: { schoolId: '1', pageIndex: 1, pageSize: 500 } }),
    );
    expect(tooBig).toMatchObject({ errCode: 2, errMsg: '参数 pageSize 不能大于 200' });

    const missing = await failure(
      // @ts-expect-error pageSize is required
      getCourseList({ client, body: { schoolId: '1', pageIndex: 1 } }),
    );
    expect(missing).toMatchObject({ errCode: 2, errMsg: '参数 pageSize 不能为空' });

    const wrongType = await failure(
      // @ts-expect-error pageIndex is a number
      getCourseList({ client, body: { schoolId: '1', pageIndex: '1', pageSize: 10 } }),
    );
    expect(wrongType).toMatchObject({ errCode: 2, errMsg: '参数 pageIndex 类型不正确' });
    expect(sent).toEqual([]);
  });

  it('a path parameter that fails the contract: errCode 2 naming the parameter', async () => {
    const client = setup();
    const error = await failure(getStudentRecentCourse({ client, path: { showNumber: 0 } }));
    expect(error).toMatchObject({ errCode: 2, errMsg: '参数 showNumber 不能小于 1' });

    const role = await failure(
      // @ts-expect-error role is one of three
      clientUserLogin({ client, path: { schoolId: '1', role: 'boss' } }),
    );
    expect(role).toMatchObject({
      errCode: 2,
      errMsg: '参数 role 取值不正确，可选值：teacher、student、schoolManager',
    });
    expect(sent).toEqual([]);
  });

  it('an answer whose data breaks the contract: errCode -3 naming the field', async () => {
    const client = setup();
    server.use(http.post(`${BASE}/user/login`, () => ok({ ...user, userId: 1 })));
    const error = await failure(login({ client, body: account }));
    expect(error).toMatchObject({
      errCode: ClientErrCode.badResponse,
      errMsg: '服务器返回的数据不符合接口约定（字段 userId）',
    });
    expect(sent).toEqual(['/api/user/login']);
  });

  it('a JSON answer that is no envelope: errCode -3', async () => {
    const client = setup();
    server.use(http.post(`${BASE}/user/login`, () => HttpResponse.json(user)));
    const error = await failure(login({ client, body: account }));
    expect(error).toMatchObject({
      errCode: ClientErrCode.badResponse,
      errMsg: '服务器返回的数据不符合接口约定（没有 errCode 和 errMsg）',
      status: 200,
    });
  });

  it('no answer within 30 s: errCode -1, 请求超时，请稍后再试', async () => {
    const client = setup();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    server.use(
      http.post(`${BASE}/user/login`, async () => {
        await delay('infinite');
        return ok(user);
      }),
    );
    const call = failure(login({ client, body: account }));
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS);
    const error = await call;
    expect(error).toMatchObject({ errCode: ClientErrCode.timeout, errMsg: TIMEOUT_MESSAGE, status: 0 });
    expect(error.message).toBe('请求超时，请稍后再试');
  });

  it('a refused connection: errCode -2 in Chinese', async () => {
    const client = setup();
    server.use(http.post(`${BASE}/user/login`, () => HttpResponse.error()));
    const error = await failure(login({ client, body: account }));
    expect(error).toMatchObject({
      errCode: ClientErrCode.network,
      errMsg: '网络连接失败，请检查网络后重试',
      status: 0,
    });
  });
});

describe('validateResponses: false', () => {
  it('hands an answer over unchecked, and still refuses a bad request and a bad envelope', async () => {
    configure({ baseUrl: BASE, getAuth: () => ({ token: 't-1', userId: 'u1' }), validateResponses: false });
    server.use(http.post(`${BASE}/user/login`, () => ok({ ...user, userId: 1, extra: 'kept' })));
    const answer = await login({ body: account });
    expect(answer).toMatchObject({ userId: 1, extra: 'kept', realName: '王老师' });

    const bad = await failure(login({ body: { ...account, password: '' } }));
    expect(bad).toMatchObject({ errCode: ErrCode.invalidInput, errMsg: '参数 password 不能为空' });

    server.use(http.post(`${BASE}/user/login`, () => HttpResponse.json(user)));
    const noEnvelope = await failure(login({ body: account }));
    expect(noEnvelope.errCode).toBe(ClientErrCode.badResponse);

    // configured again without the flag: answers are checked again
    configure({ baseUrl: BASE, getAuth: () => ({ token: 't-1', userId: 'u1' }) });
    server.use(http.post(`${BASE}/user/login`, () => ok({ ...user, userId: 1 })));
    const checked = await failure(login({ body: account }));
    expect(checked.errCode).toBe(ClientErrCode.badResponse);
  });
});
