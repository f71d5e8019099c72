import type { Auth } from './configure.js';
import { type FetchLike } from './timeout.js';

export const GATEWAY_TIMEOUT_MS = 120_000;

export interface GatewayConfig {
  /** The notebook gateway's own base URL, from /config.json (notebookGatewayUrl). */
  baseUrl: string;
  getAuth: () => Auth | null | undefined;
  fetch?: FetchLike;
  timeoutMs?: number;
}

/**
 * The notebook gateway is not one of our services: it has no envelope, and its
 * errors reach the caller unchanged — a non-2xx answer rejects with the gateway's
 * Response itself, a network failure or the 120 s timeout with the original error
 * (a DOMException named TimeoutError or AbortError).
 */
export function createGatewayClient(config: GatewayConfig) {
  const base = config.baseUrl.replace(/\/+$/, '');
  const doFetch: FetchLike = config.fetch ?? ((r) => globalThis.fetch(r));
  const timeoutMs = config.timeoutMs ?? GATEWAY_TIMEOUT_MS;

  function identity(): { userId: string; token: string } {
    const auth = config.getAuth();
    if (!auth?.token || !auth.userId) throw new Error('未登录：笔记本网关需要 userId 和 token');
    return { userId: encodeURIComponent(auth.userId), token: encodeURIComponent(auth.token) };
  }

  async function send(path: string, init: RequestInit = {}): Promise<unknown> {
    const timeout = AbortSignal.timeout(timeoutMs);
    const signal = init.signal ? AbortSignal.any([init.signal, timeout]) : timeout;
    const response = await doFetch(
      new Request(`${base}${path}`, { credentials: 'include', ...init, signal }),
    );
    if (!response.ok) throw response;
    const type = response.headers.get('Content-Type') ?? '';
    if (type.includes('json')) return response.json();
    if (type.startsWith('text/')) return response.text();
    return response.blob();
  }

  return {
    /** GET /notebook/notice/download: the gateway's notice file. */
    noticeDownload: (init?: RequestInit) => send('/notebook/notice/download', init),
    /** GET /notebook/restart/{userId}/{token}/{kernelName}: restarts the user's kernel. */
    restartKernel: (kernelName: string, init?: RequestInit) => {
      const { userId, token } = identity();
      return send(`/notebook/restart/${userId}/${token}/${encodeURIComponent(kernelName)}`, init);
    },
    /** GET /notebook/switch/kernel/{userId}/{token}/{kernelName}: switches the notebook's kernel. */
    switchKernel: (kernelName: string, init?: RequestInit) => {
      const { userId, token } = identity();
      return send(`/notebook/switch/kernel/${userId}/${token}/${encodeURIComponent(kernelName)}`, init);
    },
    /** GET /notebook/exist/{userId}/{token}: whether the user's notebook exists. */
    exists: (init?: RequestInit) => {
      const { userId, token } = identity();
      return send(`/notebook/exist/${userId}/${token}`, init);
    },
  };
}

export type GatewayClient = ReturnType<typeof createGatewayClient>;
