import type { MiddlewareHandler } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import type { AppConfig } from './config';

/** The origin of a configured URL (`https://nb.example.edu`), or nothing when unset or not http(s). */
function originOf(url: string): string[] {
  if (!url) return [];
  try {
    const { origin, protocol } = new URL(url);
    return protocol === 'http:' || protocol === 'https:' ? [origin] : [];
  } catch {
    return [];
  }
}

type CspConfig = Pick<
  AppConfig,
  'frameAncestors' | 'notebookGatewayUrl' | 'aiAssistantUrl' | 'remoteModuleUrl'
>;
type CspOptions = NonNullable<NonNullable<Parameters<typeof secureHeaders>[0]>['contentSecurityPolicy']>;

/**
 * The Content-Security-Policy of every answer.
 *
 * - Scripts only from this origin (plus the remote module's, when one is configured): no inline
 *   script and no eval, which is what stops an injected payload from running.
 * - Styles allow 'unsafe-inline': Mantine writes its CSS variables and the styles of components
 *   into <style> tags at run time, and index.html carries the loading screen's <style>. A nonce
 *   would make index.html differ on every answer (no ETag, no 304) and Mantine would have to be
 *   handed it; inline CSS cannot run script, so the gain would be small.
 * - Images also from data:, blob: and any http(s) host: a notice's rich text may show images
 *   by address or as data: URLs (the server's sanitizer allows exactly those schemes).
 * - The notebook gateway and the AI assistant may be fetched and framed; the remote module fetched.
 * - Frames also from blob:: a courseware PDF is previewed in an <iframe> of the blob the page
 *   fetched with the session's headers (a frame cannot send them). Only this origin's scripts can
 *   make a blob: URL, the page makes one only of a file the server answered as application/pdf,
 *   and a blob: document inherits this policy.
 * - Nothing else: no plugins, no <base> elsewhere, forms post only here, and only
 *   `frameAncestors` (FRAME_ANCESTORS) may show the app in a frame.
 */
export function cspDirectives(config: CspConfig): CspOptions {
  const notebook = originOf(config.notebookGatewayUrl);
  const assistant = originOf(config.aiAssistantUrl);
  const remote = originOf(config.remoteModuleUrl);
  const unique = (sources: string[]) => [...new Set(sources)];
  return {
    defaultSrc: ["'self'"],
    scriptSrc: unique(["'self'", ...remote]),
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:', 'https:', 'http:'],
    fontSrc: ["'self'", 'data:'],
    connectSrc: unique(["'self'", ...notebook, ...assistant, ...remote]),
    frameSrc: unique(["'self'", 'blob:', ...notebook, ...assistant]),
    workerSrc: ["'self'", 'blob:'],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: config.frameAncestors,
  };
}

/**
 * Security headers on every answer (API, files, the app): CSP, nosniff, a referrer policy that
 * keeps addresses (which hold course and student ids) inside this origin, and framing limited to
 * FRAME_ANCESTORS. X-Frame-Options only says the same for browsers that ignore frame-ancestors,
 * and can only express 'self' or 'none'. No HSTS: whether the server is reached over TLS is the
 * reverse proxy's knowledge, and that is where it belongs.
 */
export function securityHeaders(config: AppConfig): MiddlewareHandler {
  const ancestors = config.frameAncestors;
  const xFrameOptions =
    ancestors.length === 1 && ancestors[0] === "'self'"
      ? 'SAMEORIGIN'
      : ancestors.length === 1 && ancestors[0] === "'none'"
        ? 'DENY'
        : false;
  return secureHeaders({
    contentSecurityPolicy: cspDirectives(config),
    xContentTypeOptions: 'nosniff',
    referrerPolicy: 'same-origin',
    xFrameOptions,
    strictTransportSecurity: false,
  });
}
