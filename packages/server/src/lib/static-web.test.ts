import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { serve, type ServerType } from '@hono/node-server';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMMUTABLE, NOT_BUILT_MESSAGE, serveWebApp } from './static-web';

// A built app as Vite and the compression plugin leave it: files, and .br/.gz copies beside them.
const INDEX = `<!doctype html><html><head><title>dfrm</title></head><body><div id="root"></div>${'<!-- padding -->'.repeat(80)}</body></html>`;
const SCRIPT = `export const answer = ${JSON.stringify('调用接口 '.repeat(400))};`;

let top: string;
let dist: string;
let app: Hono;

async function withCopies(file: string, text: string) {
  await writeFile(file, text);
  await writeFile(`${file}.br`, brotliCompressSync(text));
  await writeFile(`${file}.gz`, gzipSync(text));
}

beforeAll(async () => {
  top = await mkdtemp(path.join(tmpdir(), 'dfrm-static-'));
  dist = path.join(top, 'dist');
  await mkdir(path.join(dist, 'assets'), { recursive: true });
  await mkdir(path.join(dist, '.vite'));
  await withCopies(path.join(dist, 'index.html'), INDEX);
  await withCopies(path.join(dist, 'assets', 'index-abc123.js'), SCRIPT);
  await writeFile(path.join(dist, 'assets', 'logo-def456.png'), new Uint8Array([137, 80, 78, 71]));
  await writeFile(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  await writeFile(path.join(dist, '.vite', 'manifest.json'), '{"secret":"manifest"}');
  // beside the served folder: must never be reachable
  await writeFile(path.join(top, 'secret.txt'), 'TOP-SECRET');
  app = new Hono();
  const web = serveWebApp(dist);
  app.on(['GET', 'HEAD'], '*', (c) => web(c));
});

afterAll(async () => {
  await rm(top, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => app.request(url, { headers });
const BROWSER = { 'Accept-Encoding': 'gzip, deflate, br, zstd' };

describe('compression', () => {
  it('sends the brotli copy to a browser that accepts it, gzip to one that accepts only gzip', async () => {
    const br = await get('/assets/index-abc123.js', BROWSER);
    expect(br.status).toBe(200);
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('content-type')).toContain('text/javascript');
    expect(br.headers.get('vary')).toMatch(/accept-encoding/i);
    const brBody = Buffer.from(await br.arrayBuffer());
    expect(Number(br.headers.get('content-length'))).toBe(brBody.length);
    expect(brBody.length).toBeLessThan(Buffer.byteLength(SCRIPT) / 4);
    expect(brotliDecompressSync(brBody).toString()).toBe(SCRIPT);

    const gz = await get('/assets/index-abc123.js', { 'Accept-Encoding': 'gzip' });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(SCRIPT);

    const shell = await get('/course', BROWSER);
    expect(shell.headers.get('content-encoding')).toBe('br');
    expect(brotliDecompressSync(Buffer.from(await shell.arrayBuffer())).toString()).toBe(INDEX);
  });

  it('sends the file as it is to a client that accepts no encoding, still varying by it', async () => {
    const plain = await get('/assets/index-abc123.js');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(await plain.text()).toBe(SCRIPT);
  });

  it('never labels a binary file as compressed', async () => {
    const png = await get('/assets/logo-def456.png', BROWSER);
    expect(png.headers.get('content-type')).toBe('image/png');
    expect(png.headers.get('content-encoding')).toBeNull();
  });
});

describe('caching', () => {
  it('caches hashed assets for a year and revalidates everything else', async () => {
    expect((await get('/assets/index-abc123.js', BROWSER)).headers.get('cache-control')).toBe(IMMUTABLE);
    expect(IMMUTABLE).toBe('public, max-age=31536000, immutable');
    for (const url of ['/', '/index.html', '/favicon.svg', '/course', '/teaching/class/12?tab=2']) {
      expect((await get(url, BROWSER)).headers.get('cache-control'), url).toBe('no-cache');
    }
  });

  it('answers a reload of the app with 304 while index.html is unchanged, 200 once it changes', async () => {
    const first = await get('/course', BROWSER);
    const tag = first.headers.get('etag');
    expect(tag).toMatch(/^"[^"]+"$/);
    // every client route is the same document
    expect((await get('/account', BROWSER)).headers.get('etag')).toBe(tag);

    const again = await get('/course', { ...BROWSER, 'If-None-Match': tag! });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    expect(again.headers.get('etag')).toBe(tag);
    expect(again.headers.get('cache-control')).toBe('no-cache');

    const file = path.join(dist, 'index.html');
    await withCopies(file, INDEX.replace('dfrm', 'dfrm v2'));
    try {
      const changed = await get('/course', { ...BROWSER, 'If-None-Match': tag! });
      expect(changed.status).toBe(200);
      expect(changed.headers.get('etag')).not.toBe(tag);
    } finally {
      await withCopies(file, INDEX);
    }
  });

  it('answers HEAD with the headers and no body', async () => {
    const head = await app.request('/assets/index-abc123.js', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(Number(head.headers.get('content-length'))).toBe(Buffer.byteLength(SCRIPT));
    expect(await head.text()).toBe('');
  });
});

describe('client routes', () => {
  it('serves index.html for every path that is not a file', async () => {
    for (const url of [
      '/',
      '/course',
      '/teaching-manage/teacher/student/manage',
      '/course/%E8%AF%BE%E7%A8%8B?x=1',
    ]) {
      const response = await get(url);
      expect(response.status, url).toBe(200);
      expect(response.headers.get('content-type'), url).toContain('text/html');
      expect(await response.text(), url).toBe(INDEX);
    }
  });

  it('answers 404 for a missing file instead of the app', async () => {
    for (const url of [
      '/assets/missing-000.js',
      '/assets/nested/route',
      '/missing.css',
      '/.vite/manifest.json',
    ]) {
      const response = await get(url);
      expect(response.status, url).toBe(404);
      expect(await response.text(), url).toBe('文件不存在');
    }
  });

  it('says in Chinese that the web app is not built', async () => {
    const bare = new Hono();
    const web = serveWebApp(path.join(top, 'nope'));
    bare.on(['GET', 'HEAD'], '*', (c) => web(c));
    const response = await bare.request('/course');
    expect(response.status).toBe(503);
    expect(await response.text()).toBe(NOT_BUILT_MESSAGE);
  });
});

describe('path traversal', () => {
  let server: ServerType;
  let port: number;
  beforeAll(async () => {
    await new Promise<void>((resolve) => {
      server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) => {
        port = info.port;
        resolve();
      });
    });
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  /** The request line exactly as written: a client library would clean the path first. */
  function raw(target: string): Promise<string> {
    return new Promise((resolve, reject) => {
      const socket = connect(port, '127.0.0.1');
      const chunks: Buffer[] = [];
      socket.on('data', (chunk: Buffer) => chunks.push(chunk));
      socket.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
      socket.on('error', reject);
      socket.write(`GET ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`);
    });
  }

  it('never answers with a file outside the built folder', async () => {
    for (const target of [
      '/../secret.txt',
      '/assets/../../secret.txt',
      '/%2e%2e/secret.txt',
      '/assets/%2e%2e/%2e%2e/secret.txt',
      '/..%2fsecret.txt',
      '/assets/..%2f..%2fsecret.txt',
      '/..%5csecret.txt',
      '/assets/..\\..\\secret.txt',
      '/%252e%252e/secret.txt',
    ]) {
      const answer = await raw(target);
      expect(answer, target).toMatch(/^HTTP\/1\.1 \d{3}/);
      expect(answer, target).not.toContain('TOP-SECRET');
    }
  });

  it('still serves the files inside it over a socket', async () => {
    const answer = await raw('/assets/index-abc123.js');
    expect(answer).toMatch(/^HTTP\/1\.1 200/);
    expect(answer).toContain(SCRIPT);
  });
});
