import { existsSync } from 'node:fs';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { etag } from 'hono/etag';

export const NOT_BUILT_MESSAGE =
  '网页应用尚未构建：请先运行 pnpm build（或设置 WEB_DIST 指向构建目录）。接口仍可在 /api 下使用。';

// Vite puts content-hashed files under /assets: they never change, so they
// may be cached for a year; everything else must be revalidated.
export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const REVALIDATE = 'no-cache';

// what the build writes a .br/.gz copy of (vite-plugin-compression2 in packages/web/vite.config.ts)
const COMPRESSIBLE = /^(text\/|application\/(javascript|json|xml|manifest\+json)|image\/svg\+xml)/;

/** Dot-segments and dot-files (`.vite/manifest.json`, `.env`) are never served. */
const hasDotSegment = (urlPath: string) => urlPath.split('/').some((segment) => segment.startsWith('.'));

/** After a file answer: its cache policy and, where a compressed copy may exist, `Vary`. */
function fileHeaders(cacheControl: string): MiddlewareHandler {
  return async (c, next) => {
    await next();
    // a 304 carries the same Cache-Control as the 200 it stands for
    if (!c.res.ok && c.res.status !== 304) return;
    c.res.headers.set('Cache-Control', cacheControl);
    const type = c.res.headers.get('Content-Type') ?? '';
    const vary = c.res.headers.get('Vary') ?? '';
    if (COMPRESSIBLE.test(type) && !/accept-encoding/i.test(vary))
      c.res.headers.append('Vary', 'Accept-Encoding');
  };
}

/**
 * Serves the built SPA with `@hono/node-server`'s serveStatic:
 * - the brotli or gzip copy the build wrote next to each file, when the browser accepts it;
 * - `/assets/*` (content-hashed names) cached for a year, immutable;
 * - every other file, and `index.html` for any other extension-less path (client routes
 *   survive a reload), revalidated on each use (`no-cache`) with an ETag, so a reload costs a 304;
 * - 404 for a missing file (a path with an extension, or anything under /assets);
 * - 503 with a Chinese explanation while the app is not built.
 */
export function serveWebApp(webDist: string | null): (c: Context) => Promise<Response> {
  const root = webDist ? path.resolve(webDist) : null;
  const index = root ? path.join(root, 'index.html') : null;
  // made on the first request that finds the build (serveStatic complains about a missing root)
  let web: Hono | null = null;
  return async (c) => {
    // checked per request so building the web app needs no server restart
    if (!root || !index || !existsSync(index)) {
      return c.text(NOT_BUILT_MESSAGE, 503, { 'Cache-Control': 'no-store' });
    }
    web ??= builtApp(root);
    return web.fetch(c.req.raw, c.env);
  };
}

function builtApp(root: string): Hono {
  const web = new Hono();
  const files = serveStatic({ root, precompressed: true });
  const shell = serveStatic({ root, path: 'index.html', precompressed: true });
  const missing = (c: Context) => c.text('文件不存在', 404);

  web.get('/assets/*', fileHeaders(IMMUTABLE), async (c, next) =>
    hasDotSegment(c.req.path) ? missing(c) : files(c, next),
  );
  web.get('/assets/*', missing);

  web.get('*', fileHeaders(REVALIDATE), etag(), async (c, next) => {
    if (!hasDotSegment(c.req.path)) {
      const found = await files(c, async () => {});
      if (found) return found;
    }
    if (path.posix.extname(c.req.path) !== '') return missing(c);
    return shell(c, next);
  });
  return web;
}
