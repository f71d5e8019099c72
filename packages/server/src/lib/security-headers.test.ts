import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { call, createTestApp, login, type TestApp } from '../testing/index';
import { defaultConfig, loadConfig, parseFrameAncestors } from './config';

let dist: string;
let t: TestApp;
beforeAll(async () => {
  dist = await mkdtemp(path.join(tmpdir(), 'dfrm-headers-'));
  await mkdir(path.join(dist, 'assets'));
  await writeFile(path.join(dist, 'index.html'), '<!doctype html><title>dfrm</title>');
  await writeFile(path.join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
  t = await createTestApp({ config: { webDist: dist } });
});
afterAll(async () => {
  await rm(dist, { recursive: true, force: true });
});

const directive = (csp: string | null, name: string) =>
  csp
    ?.split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${name} `));

describe('security headers', () => {
  it('are on every answer: API success and failure, config, app, files, 304, 404 and 503', async () => {
    const session = await login(t.app, 'teacher1');
    const shell = await t.app.request('/course');
    const etag = shell.headers.get('etag')!;
    const answers: [string, Response][] = [
      [
        'API success',
        await t.app.request('/api/clientUser/v2/userLogin', {
          headers: { Product: 'dfrm', ...session.headers },
        }),
      ],
      ['API refused', await t.app.request('/api/clientUser/v2/userLogin', { headers: { Product: 'dfrm' } })],
      ['API unknown', await t.app.request('/api/no/such/thing', { method: 'POST' })],
      ['config', await t.app.request('/config.json')],
      ['app', shell],
      ['app 304', await t.app.request('/course', { headers: { 'If-None-Match': etag } })],
      ['file', await t.app.request('/assets/index-abc123.js')],
      ['missing file', await t.app.request('/assets/none.js')],
      [
        'not built',
        await createApp({
          db: t.db,
          clock: t.clock,
          config: defaultConfig({ webDist: path.join(dist, 'x') }),
        }).request('/'),
      ],
    ];
    expect(answers.map(([, r]) => r.status)).toEqual([200, 401, 404, 200, 200, 304, 200, 404, 503]);
    for (const [what, response] of answers) {
      const csp = response.headers.get('content-security-policy');
      expect(directive(csp, 'default-src'), what).toBe("default-src 'self'");
      expect(directive(csp, 'script-src'), what).toBe("script-src 'self'");
      expect(directive(csp, 'object-src'), what).toBe("object-src 'none'");
      expect(directive(csp, 'frame-ancestors'), what).toBe("frame-ancestors 'self'");
      expect(response.headers.get('x-content-type-options'), what).toBe('nosniff');
      expect(response.headers.get('referrer-policy'), what).toBe('same-origin');
      expect(response.headers.get('x-frame-options'), what).toBe('SAMEORIGIN');
      expect(response.headers.get('x-request-id'), what).toMatch(/^[0-9a-f-]{36}$/);
    }
    expect(new Set(answers.map(([, r]) => r.headers.get('x-request-id'))).size).toBe(answers.length);
  });

  it('are on an unexpected failure too', async () => {
    const broken = new Proxy({} as TestApp['db'], {
      get() {
        throw new Error('database gone');
      },
    });
    const app = createApp({ db: broken, clock: t.clock, config: t.config, logError: () => {} });
    const response = await app.request('/api/user/login', {
      method: 'POST',
      headers: { Product: 'dfrm', 'Content-Type': 'application/json' },
      body: JSON.stringify({ account: 'teacher1', password: 'x', productId: 7 }),
    });
    expect(response.status).toBe(500);
    expect(response.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(response.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('let the configured notebook gateway and AI assistant be fetched and framed, and nothing else', async () => {
    const config = defaultConfig({
      webDist: null,
      notebookGatewayUrl: 'https://nb.example.edu/gateway/api',
      aiAssistantUrl: 'https://ai.example.edu/chat?x=1',
      remoteModuleUrl: 'javascript:alert(1)',
    });
    const response = await createApp({ db: t.db, clock: t.clock, config }).request('/config.json');
    const csp = response.headers.get('content-security-policy');
    expect(directive(csp, 'connect-src')).toBe(
      "connect-src 'self' https://nb.example.edu https://ai.example.edu",
    );
    // blob:: the courseware PDF preview frames the file the page fetched
    expect(directive(csp, 'frame-src')).toBe(
      "frame-src 'self' blob: https://nb.example.edu https://ai.example.edu",
    );
    expect(directive(csp, 'object-src')).toBe("object-src 'none'");
    expect(directive(csp, 'script-src')).toBe("script-src 'self'");
  });
});

describe('FRAME_ANCESTORS', () => {
  it('lets the named sites embed the app', async () => {
    const config = loadConfig({
      FRAME_ANCESTORS: "'self'  https://lab.example.edu https://*.school.cn:8443",
    });
    const app = createApp({ db: t.db, clock: t.clock, config: { ...config, webDist: null } });
    const response = await app.request('/config.json');
    expect(directive(response.headers.get('content-security-policy'), 'frame-ancestors')).toBe(
      "frame-ancestors 'self' https://lab.example.edu https://*.school.cn:8443",
    );
    // X-Frame-Options cannot name another site: it would forbid what the CSP allows in old browsers
    expect(response.headers.get('x-frame-options')).toBeNull();
  });

  it("forbids every frame with 'none', and is 'self' when unset", async () => {
    const none = createApp({
      db: t.db,
      clock: t.clock,
      config: { ...loadConfig({ FRAME_ANCESTORS: "'none'" }), webDist: null },
    });
    const response = await none.request('/config.json');
    expect(directive(response.headers.get('content-security-policy'), 'frame-ancestors')).toBe(
      "frame-ancestors 'none'",
    );
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(loadConfig({}).frameAncestors).toEqual(["'self'"]);
    expect(loadConfig({ FRAME_ANCESTORS: '  ' }).frameAncestors).toEqual(["'self'"]);
  });

  it('refuses a value that is not a source, naming it', () => {
    expect(() => parseFrameAncestors("'self'; script-src *")).toThrow(/“'self';”不是有效的来源/);
    expect(() => parseFrameAncestors('https://a.example "x"')).toThrow(/“"x"”不是有效的来源/);
    expect(() => parseFrameAncestors("'none' https://a.example")).toThrow(/'none' 不能与其他来源同时使用/);
  });
});

describe('X-Request-Id', () => {
  it('keeps a valid incoming id and replaces one that could forge a log line', async () => {
    const kept = await call(t.app, 'GET', '/clientUser/v2/userLogin', {
      headers: { 'X-Request-Id': 'lb-4f2a9c1e.77' },
    });
    expect(kept.status).toBe(401);
    const keptRaw = await t.app.request('/config.json', { headers: { 'X-Request-Id': 'lb-4f2a9c1e.77' } });
    expect(keptRaw.headers.get('x-request-id')).toBe('lb-4f2a9c1e.77');
    for (const bad of ['short', 'x'.repeat(129), 'abc def ghi', 'abc"}{"status":200', 'abcdefgh\u00e9']) {
      const response = await t.app.request('/config.json', { headers: { 'X-Request-Id': bad } });
      expect(response.headers.get('x-request-id'), bad).toMatch(/^[0-9a-f-]{36}$/);
    }
  });
});
