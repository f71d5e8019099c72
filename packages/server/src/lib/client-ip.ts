import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import { requestHeader } from './request';

/** What `app.request` (tests, the web harness) is seen as: it has no socket. */
export const IN_PROCESS_IP = '127.0.0.1';

/**
 * The caller's address for rate limits. The socket address by default;
 * `X-Forwarded-For` only when a trusted proxy is configured, and then its last
 * entry, the one our proxy appended (earlier entries are whatever the client sent).
 */
export function clientIp(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = requestHeader(c, 'x-forwarded-for');
    const last = forwarded?.split(',').at(-1)?.trim();
    if (last) return last;
  }
  const env = c.env as { incoming?: unknown } | undefined;
  if (!env?.incoming) return IN_PROCESS_IP;
  try {
    return getConnInfo(c).remote.address ?? IN_PROCESS_IP;
  } catch {
    return IN_PROCESS_IP;
  }
}
