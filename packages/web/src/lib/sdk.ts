import { configure, DEFAULT_PRODUCT } from '@dfrm/sdk';
import type { RuntimeConfig } from './runtime-config';

/** What the SDK needs from the session, read before every request. */
export interface SdkSessionSource {
  auth(): { token: string; userId: string } | null;
  storedProduct(): string | null;
}

/**
 * Points every generated client at the configured API. The base is made
 * absolute against the page so a relative `/api` works in any host (and in
 * Node-based tests, where Request needs a full URL).
 */
export function setupSdk(
  config: RuntimeConfig,
  session: SdkSessionSource,
  options: { fetch?: (request: Request) => Promise<Response>; timeoutMs?: number } = {},
): void {
  const baseUrl = new URL(config.apiBase, window.location.href).href.replace(/\/+$/, '');
  configure({
    baseUrl,
    product: () => session.storedProduct() || config.product || DEFAULT_PRODUCT,
    getAuth: () => session.auth(),
    // Answers are checked against the contract in development and in the tests (which run every
    // page against the real server), not on users' phones, where the check cost each answer
    // ~1-5 ms of main thread (a fifth of a statistics page's blocking time on a slow phone).
    validateResponses: import.meta.env.MODE !== 'production',
    ...(options.fetch ? { fetch: options.fetch } : {}),
    ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
  });
}
