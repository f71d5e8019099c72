import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { zErrCode } from '@dfrm/sdk/user/zod';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApp } from './app';
import type { Db } from './db/client';
import { defaultConfig } from './lib/config';
import { ErrCode } from './lib/errors';
import { NOT_BUILT_MESSAGE } from './lib/static-web';
import { call, createTestApp, demoPassword, login, type TestApp } from './testing/index';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});

describe('envelope', () => {
  it('answers an unknown API path with a 404 envelope, never HTML', async () => {
    for (const [method, url] of [
      ['GET', '/api/no/such/thing'],
      ['POST', '/api/user/nope'],
      ['GET', '/api'],
      ['DELETE', '/api/user/login'],
    ] as const) {
      const response = await t.app.request(url, { method });
      expect(response.status).toBe(404);
      expect(response.headers.get('content-type')).toContain('application/json');
      expect(await response.json()).toMatchObject({ errCode: 6, data: null });
    }
  });

  it('hides unexpected failures behind errCode 10 and logs them', async () => {
    const logged: unknown[] = [];
    const broken = new Proxy({} as Db, {
      get() {
        throw new Error('database gone');
      },
    });
    const app = createApp({
      db: broken,
      clock: t.clock,
      config: t.config,
      logError: (_m, e) => logged.push(e),
    });
    const answer = await call(app, 'POST', '/user/login', {
      body: { account: 'teacher1', password: 'x', productId: 7 },
    });
    expect(answer.status).toBe(500);
    expect(answer.body).toEqual({ errCode: 10, errMsg: '服务器内部错误，请稍后再试', data: null });
    expect(logged).toHaveLength(1);
  });

  it('uses exactly the error codes of the spec', () => {
    const specCodes = zErrCode.def.options.map((option) => option.def.values[0]);
    expect(Object.values(ErrCode).sort((a, b) => a - b)).toEqual(specCodes);
  });
});

describe('GET /config.json', () => {
  it('answers the runtime configuration', async () => {
    const app = createApp({
      db: t.db,
      clock: t.clock,
      config: defaultConfig({
        webDist: null,
        notebookGatewayUrl: 'https://nb.example/gw',
        aiAssistantUrl: 'https://ai.example',
      }),
    });
    const response = await app.request('/config.json');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      apiBase: '/api',
      notebookGatewayUrl: 'https://nb.example/gw',
      remoteModuleUrl: '',
      aiAssistantUrl: 'https://ai.example',
      product: 'dfrm',
    });
  });
});

describe('web app', () => {
  let dist: string;
  beforeAll(async () => {
    dist = await mkdtemp(path.join(tmpdir(), 'dfrm-web-'));
    await mkdir(path.join(dist, 'assets'));
    await writeFile(path.join(dist, 'index.html'), '<!doctype html><title>dfrm</title>');
    await writeFile(path.join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
    await writeFile(path.join(dist, 'favicon.svg'), '<svg/>');
  });
  afterAll(async () => {
    await rm(dist, { recursive: true, force: true });
  });
  const web = () => createApp({ db: t.db, clock: t.clock, config: defaultConfig({ webDist: dist }) });

  it('serves index.html for client routes, uncached', async () => {
    for (const url of ['/', '/course', '/teaching/class/12?tab=2']) {
      const response = await web().request(url);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toContain('text/html');
      expect(response.headers.get('cache-control')).toBe('no-cache');
      expect(await response.text()).toContain('<title>dfrm</title>');
    }
  });

  it('serves hashed assets with a long cache and other files revalidated', async () => {
    const asset = await web().request('/assets/index-abc123.js');
    expect(asset.headers.get('content-type')).toContain('text/javascript');
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await asset.text()).toBe('console.log(1)');
    const icon = await web().request('/favicon.svg');
    expect(icon.headers.get('content-type')).toContain('image/svg+xml');
    expect(icon.headers.get('cache-control')).toBe('no-cache');
  });

  it('answers 404 for a missing file and never leaves the folder', async () => {
    expect((await web().request('/assets/missing.js')).status).toBe(404);
    const traversal = await web().request('/..%2f..%2fetc%2fpasswd');
    expect(await traversal.text()).not.toContain('root:');
  });

  it('keeps /api answers as envelopes', async () => {
    const response = await web().request('/api/nothing');
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ errCode: 6 });
  });

  it('says in Chinese that the web app is not built when the folder is missing', async () => {
    const app = createApp({
      db: t.db,
      clock: t.clock,
      config: defaultConfig({ webDist: path.join(dist, 'nope') }),
    });
    const response = await app.request('/course');
    expect(response.status).toBe(503);
    expect(await response.text()).toBe(NOT_BUILT_MESSAGE);
  });
});

describe('two servers on one database', () => {
  it('share sessions and displacement', async () => {
    const other = await t.createPeerApp();
    const session = await login(t.app, 'teacher1');
    expect((await call(other, 'GET', '/clientUser/v2/userLogin', { session })).body.errCode).toBe(0);
    await login(other, 'teacher1');
    expect((await call(t.app, 'GET', '/clientUser/v2/userLogin', { session })).body.errCode).toBe(3);
    await t.close();
  });

  it('share password and SMS limits and codes', async () => {
    const other = await t.createPeerApp();
    const attempt = (app: typeof other, password: string) =>
      call(app, 'POST', '/user/login', { body: { account: 'teacher2', password, productId: 7 } });
    for (let i = 0; i < 5; i++) await attempt(i % 2 === 0 ? t.app : other, 'wrong');
    expect((await attempt(other, demoPassword())).body.errCode).toBe(8);
    expect((await attempt(t.app, demoPassword())).body.errCode).toBe(8);

    const phone = '13800000001';
    expect((await call(t.app, 'POST', `/support-server/sms/sendCode/dfrm/${phone}`)).body.errCode).toBe(0);
    expect((await call(other, 'POST', `/support-server/sms/sendCode/dfrm/${phone}`)).body.errCode).toBe(8);
    const code = t.sms.lastCode(phone);
    const viaOther = await call(other, 'POST', '/user/login', {
      body: { phoneNumber: phone, smsCode: code, productId: 7 },
    });
    expect(viaOther.body.errCode).toBe(0);
    const reused = await call(t.app, 'POST', '/user/login', {
      body: { phoneNumber: phone, smsCode: code, productId: 7 },
    });
    expect(reused.body.errCode).toBe(1);
    await t.close();
  });
});
