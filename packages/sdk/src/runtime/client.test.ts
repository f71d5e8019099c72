import { http, HttpResponse, delay } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { getClientUserLogin } from '../gen/tms/sdk.gen.js';
import { getClientUserLoginOptions } from '../gen/tms/@tanstack/react-query.gen.js';
import type { ClientUserLogin } from '../gen/tms/types.gen.js';
import { login, logout } from '../gen/user/sdk.gen.js';
import { ApiError, configure, createClient } from '../index.js';

const BASE = 'http://api.test/api';
const OTHER = 'http://other.test/api';

/** The school lookup answers with whoever the headers say is asking, after a pause. */
const inFlight = { now: 0, most: 0 };
function whoAsks(base: string) {
  return http.get(`${base}/clientUser/v2/userLogin`, async ({ request }) => {
    inFlight.now += 1;
    inFlight.most = Math.max(inFlight.most, inFlight.now);
    await delay(50);
    inFlight.now -= 1;
    const data: ClientUserLogin = {
      schoolId: '1',
      schoolName: `${base} ${request.headers.get('Product')}`,
      name: `${request.headers.get('userId')}:${request.headers.get('token')}`,
      type: 'teacher',
      roles: ['teacher'],
    };
    return HttpResponse.json({ errCode: 0, errMsg: 'success', data });
  });
}

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
afterEach(() => {
  server.resetHandlers();
  inFlight.now = 0;
  inFlight.most = 0;
});

describe('createClient', () => {
  it('acts as two users at once, each request with its own headers', async () => {
    server.use(whoAsks(BASE));
    let tokenA = 'ta-1';
    const a = createClient({ baseUrl: BASE, getAuth: () => ({ token: tokenA, userId: 'ua' }) });
    const b = createClient({
      baseUrl: BASE,
      product: 'dfrm-admin',
      getAuth: () => ({ token: 'tb', userId: 'ub' }),
    });
    // the global clients keep their own user meanwhile
    configure({ baseUrl: BASE, getAuth: () => ({ token: 'tg', userId: 'ug' }) });

    const [asA, asB, asGlobal, asAAgain, asBViaService] = await Promise.all([
      a.call(getClientUserLogin),
      b.call(getClientUserLogin),
      getClientUserLogin(),
      getClientUserLogin({ client: a.client }),
      getClientUserLogin({ client: b.tms }),
    ]);
    expect(inFlight.most).toBe(5);
    expect(asA.name).toBe('ua:ta-1');
    expect(asB.name).toBe('ub:tb');
    expect(asB.schoolName).toBe(`${BASE} dfrm-admin`);
    expect(asA.schoolName).toBe(`${BASE} dfrm`);
    expect(asGlobal.name).toBe('ug:tg');
    expect(asAAgain.name).toBe('ua:ta-1');
    expect(asBViaService.name).toBe('ub:tb');

    // getAuth is read at each request: a new token goes out on the next call
    tokenA = 'ta-2';
    expect((await a.call(getClientUserLogin)).name).toBe('ua:ta-2');
  });

  it('keeps its base URL when the global configuration changes', async () => {
    server.use(whoAsks(BASE), whoAsks(OTHER));
    const a = createClient({ baseUrl: OTHER, getAuth: () => ({ token: 'ta', userId: 'ua' }) });
    configure({ baseUrl: BASE, getAuth: () => null });
    expect((await a.call(getClientUserLogin)).schoolName).toBe(`${OTHER} dfrm`);
    expect((await getClientUserLogin()).schoolName).toBe(`${BASE} dfrm`);
  });

  it('serves the generated query options as its user', async () => {
    server.use(whoAsks(BASE));
    const a = createClient({ baseUrl: BASE, getAuth: () => ({ token: 'ta', userId: 'ua' }) });
    const options = a.call(getClientUserLoginOptions);
    const data = await options.queryFn!({
      queryKey: options.queryKey,
      signal: new AbortController().signal,
      meta: undefined,
      client: undefined as never,
    } as never);
    expect((data as ClientUserLogin).name).toBe('ua:ta');
  });

  it('is typed as the operation it calls', async () => {
    server.use(
      http.post(`${BASE}/user/login`, () =>
        HttpResponse.json({ errCode: 1, errMsg: '账号或密码错误', data: null }),
      ),
    );
    const a = createClient({ baseUrl: BASE });
    const call = () => a.call(login, { body: { account: 'teacher1', password: 'bad', productId: 7 } });
    // compile-time checks (the typecheck fails if these stop being errors)
    // @ts-expect-error login needs a body
    void (() => a.call(login));
    // @ts-expect-error logout takes no body
    void (() => a.call(logout, { body: { nope: 1 } }));
    const typed: () => Promise<{ token: string }> = call;
    void typed;
    const error = await call().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ errCode: 1, errMsg: '账号或密码错误' });
  });

  it('downloads as its user', async () => {
    server.use(
      http.get(`${BASE}/files/1`, ({ request }) =>
        HttpResponse.text(`${request.headers.get('userId')}:${request.headers.get('token')}`, {
          headers: {
            'Content-Disposition': `attachment; filename*=UTF-8''${encodeURIComponent('讲义.txt')}`,
          },
        }),
      ),
    );
    const a = createClient({ baseUrl: BASE, getAuth: () => ({ token: 'ta', userId: 'ua' }) });
    const file = await a.download(`${BASE}/files/1`);
    expect(await file.blob.text()).toBe('ua:ta');
    expect(file.fileName).toBe('讲义.txt');
  });
});
