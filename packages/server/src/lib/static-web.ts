import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Context } from 'hono';

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.txt': 'text/plain; charset=utf-8',
  '.wasm': 'application/wasm',
  '.webmanifest': 'application/manifest+json',
};

export const NOT_BUILT_MESSAGE =
  '网页应用尚未构建：请先运行 pnpm build（或设置 WEB_DIST 指向构建目录）。接口仍可在 /api 下使用。';

// Vite puts content-hashed files under /assets: they never change, so they
// may be cached for a year; everything else must be revalidated.
const IMMUTABLE = 'public, max-age=31536000, immutable';

async function fileAt(root: string, urlPath: string): Promise<string | null> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  const file = path.resolve(root, `.${path.posix.normalize(`/${decoded}`)}`);
  if (file !== root && !file.startsWith(root + path.sep)) return null;
  try {
    return (await stat(file)).isFile() ? file : null;
  } catch {
    return null;
  }
}

async function send(c: Context, file: string, cacheControl: string): Promise<Response> {
  const body = await readFile(file);
  const type = MIME[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
  const headers = {
    'Content-Type': type,
    'Cache-Control': cacheControl,
    'Content-Length': String(body.length),
  };
  if (c.req.method === 'HEAD') return c.body(null, 200, headers);
  return c.body(new Uint8Array(body), 200, headers);
}

/**
 * Serves the built SPA: existing files as they are, and index.html for any
 * other extension-less path so client-side routes survive a reload.
 */
export function serveWebApp(webDist: string | null) {
  const root = webDist ? path.resolve(webDist) : null;
  return async (c: Context): Promise<Response> => {
    const index = root ? path.join(root, 'index.html') : null;
    // checked per request so building the web app needs no server restart
    if (!root || !index || !existsSync(index)) {
      return c.text(NOT_BUILT_MESSAGE, 503, { 'Cache-Control': 'no-store' });
    }
    const file = await fileAt(root, c.req.path);
    if (file) {
      const cache = file === index ? 'no-cache' : c.req.path.startsWith('/assets/') ? IMMUTABLE : 'no-cache';
      return send(c, file, cache);
    }
    if (path.posix.extname(c.req.path) !== '') return c.text('文件不存在', 404);
    return send(c, index, 'no-cache');
  };
}
