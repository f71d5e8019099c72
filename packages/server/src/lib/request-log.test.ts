import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { Hono } from 'hono';
import { stream } from 'hono/streaming';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApp } from '../app';
import { createTestApp, demoPassword, type TestApp } from '../testing/index';
import { defaultConfig, loadConfig } from './config';
import { type AccessLogEntry, loggedPath, requestLog } from './request-log';

let t: TestApp;
let server: ServerType | null = null;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  if (server) await new Promise((resolve) => server!.close(resolve));
  server = null;
  vi.restoreAllMocks();
});

/** The app on a real socket, as `start` runs it. */
async function listen(
  fetch: (request: Request, env: unknown) => Response | Promise<Response>,
): Promise<string> {
  return new Promise((resolve) => {
    server = serve({ fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) =>
      resolve(`http://127.0.0.1:${info.port}`),
    );
  });
}

/** Waits for `count` lines: under node-server a line is written once the answer has left. */
async function lines(written: string[], count: number): Promise<AccessLogEntry[]> {
  for (let i = 0; i < 100 && written.length < count; i++) await new Promise((r) => setTimeout(r, 10));
  return written.map((line) => JSON.parse(line) as AccessLogEntry);
}

describe('access log', () => {
  it('writes one JSON line per request with id, method, path, status, time, bytes and the caller', async () => {
    const written: string[] = [];
    const stdout = vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
      written.push(String(chunk).trimEnd());
      return true;
    });
    const app = createApp({ db: t.db, clock: t.clock, config: { ...t.config, accessLog: true } });
    const base = await listen(app.fetch);

    const loginResponse = await fetch(`${base}/api/user/login`, {
      method: 'POST',
      headers: { Product: 'dfrm', 'Content-Type': 'application/json', 'X-Request-Id': 'trace-0001-abcd' },
      body: JSON.stringify({ account: 'teacher1', password: demoPassword(), productId: 7 }),
    });
    const loginText = await loginResponse.text();
    const { data } = JSON.parse(loginText) as { data: { token: string; userId: string } };
    const checkResponse = await fetch(`${base}/api/clientUser/v2/userLogin?token=${data.token}&page=2`, {
      headers: { Product: 'dfrm', token: data.token, userId: data.userId },
    });
    const checkText = await checkResponse.text();
    const missing = await fetch(`${base}/api/no/such/thing`);
    await missing.text();

    const [first, second, third] = await lines(written, 3);
    stdout.mockRestore();
    expect(written).toHaveLength(3);
    expect(first).toMatchObject({
      id: 'trace-0001-abcd',
      method: 'POST',
      path: '/api/user/login',
      status: 200,
      bytes: Buffer.byteLength(loginText),
    });
    // logging in is not yet being logged in
    expect(first!.userId).toBeUndefined();
    expect(Date.parse(first!.time)).not.toBeNaN();
    expect(first!.ms).toBeGreaterThan(0);

    expect(second).toMatchObject({
      id: checkResponse.headers.get('x-request-id'),
      method: 'GET',
      path: '/api/clientUser/v2/userLogin?token=***&page=2',
      status: 200,
      bytes: Buffer.byteLength(checkText),
      userId: Number(data.userId),
    });
    expect(written.join('\n')).not.toContain(data.token);
    expect(third).toMatchObject({ method: 'GET', path: '/api/no/such/thing', status: 404 });
  });

  it('counts the bytes of a streamed answer as sent', async () => {
    const written: string[] = [];
    const app = new Hono();
    app.use(requestLog({ enabled: true, write: (line) => written.push(line) }));
    app.get('/download', (c) =>
      stream(c, async (s) => {
        for (let i = 0; i < 5; i++) await s.write(new Uint8Array(1000));
      }),
    );
    const base = await listen(app.fetch);
    const body = await (await fetch(`${base}/download`)).arrayBuffer();
    const [entry] = await lines(written, 1);
    expect(body.byteLength).toBe(5000);
    expect(entry).toMatchObject({ path: '/download', status: 200, bytes: 5000 });
  });

  it('writes nothing in tests, and is on for `start` unless ACCESS_LOG=0', async () => {
    const stdout = vi.spyOn(process.stdout, 'write');
    const response = await t.app.request('/config.json');
    expect(response.headers.get('x-request-id')).toBeTruthy();
    expect(stdout).not.toHaveBeenCalled();
    expect(defaultConfig().accessLog).toBe(false);
    expect(loadConfig({}).accessLog).toBe(true);
    expect(loadConfig({ ACCESS_LOG: '0' }).accessLog).toBe(false);
  });

  it('hides the values of query parameters that may be credentials', () => {
    expect(
      loggedPath('http://x/api/file?token=abc&password=p&smsCode=123&apiKey=k&name=a%20b&pageIndex=1'),
    ).toBe('/api/file?token=***&password=***&smsCode=***&apiKey=***&name=a+b&pageIndex=1');
    expect(loggedPath('http://x/course')).toBe('/course');
  });
});
