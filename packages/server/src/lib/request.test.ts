import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { serve, type ServerType } from '@hono/node-server';
import type { Context } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { createTestApp, type TestApp } from '../testing';
import { InvalidInputError } from './errors';
import { JSON_BODY_MAX_BYTES, readJsonBody, requestHeader } from './request';

const json = (body: string | null, headers: Record<string, string> = {}) =>
  new Request('http://x/api', {
    method: 'POST',
    body,
    headers: { 'Content-Type': 'application/json', ...headers },
  });

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => (error instanceof InvalidInputError ? error.message : error),
  );

/** A body arriving in pieces, as a Node request stream does. */
const pieces = (size: number) =>
  Readable.from(
    (function* () {
      for (let sent = 0; sent < size; sent += 64 * 1024)
        yield Buffer.alloc(Math.min(64 * 1024, size - sent), 32);
    })(),
  );

describe('readJsonBody', () => {
  it('reads a JSON body from the web request and from the Node stream alike', async () => {
    expect(await readJsonBody(json('{"a":1}'))).toEqual({ a: 1 });
    expect(
      await readJsonBody(
        json(null),
        undefined,
        Readable.from([Buffer.from('{"学号":'), Buffer.from('"2026001"}')]),
      ),
    ).toEqual({
      学号: '2026001',
    });
    expect(await readJsonBody(json(null), undefined, Readable.from([]))).toBeUndefined();
  });

  it('refuses a body over the limit, whether declared or only found while reading', async () => {
    const limit = `请求体过大：不能超过 ${JSON_BODY_MAX_BYTES / 1024} KB`;
    expect(
      await refusal(readJsonBody(json('{}', { 'Content-Length': String(JSON_BODY_MAX_BYTES + 1) }))),
    ).toBe(limit);
    expect(await refusal(readJsonBody(json(null), undefined, pieces(JSON_BODY_MAX_BYTES + 1)))).toBe(limit);
    expect(await refusal(readJsonBody(json(null), 1000, pieces(1001)))).toBe('请求体过大：不能超过 1 KB');
  });

  it('refuses a body that is not JSON', async () => {
    expect(await refusal(readJsonBody(json('a=1', { 'Content-Type': 'text/plain' })))).toBe(
      '请求体必须是 JSON（Content-Type: application/json）',
    );
    expect(await refusal(readJsonBody(json(null), undefined, Readable.from([Buffer.from('{"a":')])))).toBe(
      '请求体不是有效的 JSON',
    );
  });
});

describe('a JSON body on a real socket', () => {
  let t: TestApp;
  let server: ServerType;
  let base: string;
  beforeAll(async () => {
    t = await createTestApp();
    const app = createApp({ db: t.db, clock: t.clock, config: t.config });
    base = await new Promise<string>((resolve) => {
      server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) =>
        resolve(`http://127.0.0.1:${info.port}`),
      );
    });
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await t.close();
  });

  it('answers an oversized body sent without a length with the reason, and the server goes on', async () => {
    const stream = Readable.toWeb(pieces(8 * 1024 * 1024)) as ReadableStream<Uint8Array>;
    const answer = await fetch(`${base}/api/user/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Product: 'dfrm' },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    expect(await answer.json()).toMatchObject({ errCode: 2, errMsg: '请求体过大：不能超过 1024 KB' });

    const next = await fetch(`${base}/api/user/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Product: 'dfrm' },
      body: JSON.stringify({ account: 'teacher1', password: 'wrong-password', productId: 7 }),
    });
    expect(((await next.json()) as { errCode: number }).errCode).not.toBe(0);
  });
});

describe('requestHeader', () => {
  const context = (headers: Record<string, string>, incoming?: { headers: Record<string, unknown> }) =>
    ({
      req: { header: (name: string) => new Headers(headers).get(name) ?? undefined },
      env: incoming ? { incoming } : undefined,
    }) as unknown as Context;

  it("reads Node's parsed headers under a socket, whatever the name's case", () => {
    const c = context({}, { headers: { token: 't1', userid: '7', 'set-cookie': ['a', 'b'] } });
    expect(requestHeader(c, 'token')).toBe('t1');
    expect(requestHeader(c, 'userId')).toBe('7');
    expect(requestHeader(c, 'Set-Cookie')).toBe('a, b');
    expect(requestHeader(c, 'product')).toBeUndefined();
  });

  it('reads the web request without one (app.request)', () => {
    const c = context({ token: 't2', userId: '8' });
    expect(requestHeader(c, 'token')).toBe('t2');
    expect(requestHeader(c, 'userId')).toBe('8');
    expect(requestHeader(c, 'product')).toBeUndefined();
  });
});
