import { http, HttpResponse, delay } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createGatewayClient, GATEWAY_TIMEOUT_MS } from '../index.js';

const GW = 'http://gateway.test/nb';
const server = setupServer();
const seen: Request[] = [];
beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
  server.events.on('request:start', ({ request }) => void seen.push(request.clone()));
});
afterEach(() => {
  server.resetHandlers();
  seen.length = 0;
});
afterAll(() => server.close());

const gateway = (timeoutMs?: number) =>
  createGatewayClient({
    baseUrl: `${GW}/`,
    getAuth: () => ({ token: 'tok/1', userId: 'u1' }),
    ...(timeoutMs ? { timeoutMs } : {}),
  });

describe('notebook gateway', () => {
  it('waits 120 s by default', () => {
    expect(GATEWAY_TIMEOUT_MS).toBe(120_000);
  });

  it('puts userId, token and kernel in the path and returns the body as is', async () => {
    server.use(
      http.get(`${GW}/notebook/restart/:userId/:token/:kernel`, ({ params }) =>
        HttpResponse.json({ restarted: params.kernel }),
      ),
    );
    await expect(gateway().restartKernel('python3')).resolves.toEqual({ restarted: 'python3' });
    expect(new URL(seen[0]!.url).pathname).toBe('/nb/notebook/restart/u1/tok%2F1/python3');
    expect(seen[0]!.credentials).toBe('include');
  });

  it('reaches switch, exist and notice download', async () => {
    server.use(
      http.get(`${GW}/notebook/switch/kernel/u1/:token/ir`, () => HttpResponse.text('ok')),
      http.get(`${GW}/notebook/exist/u1/:token`, () => HttpResponse.json(true)),
      http.get(
        `${GW}/notebook/notice/download`,
        () =>
          new HttpResponse(new Uint8Array([1, 2]), {
            headers: { 'Content-Type': 'application/octet-stream' },
          }),
      ),
    );
    await expect(gateway().switchKernel('ir')).resolves.toBe('ok');
    await expect(gateway().exists()).resolves.toBe(true);
    const blob = (await gateway().noticeDownload()) as Blob;
    expect(blob.size).toBe(2);
  });

  it('passes gateway errors to the caller unchanged', async () => {
    server.use(
      http.get(`${GW}/notebook/exist/u1/:token`, () =>
        HttpResponse.json({ code: 'NO_KERNEL', message: 'kernel missing' }, { status: 404 }),
      ),
    );
    const error = await gateway()
      .exists()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Response);
    expect((error as Response).status).toBe(404);
    await expect((error as Response).json()).resolves.toEqual({
      code: 'NO_KERNEL',
      message: 'kernel missing',
    });
  });

  it('rejects with the original timeout error', async () => {
    server.use(
      http.get(`${GW}/notebook/exist/u1/:token`, async () => {
        await delay('infinite');
        return HttpResponse.json(true);
      }),
    );
    const error = await gateway(30)
      .exists()
      .catch((e: unknown) => e);
    expect((error as Error).name).toBe('TimeoutError');
  });
});
