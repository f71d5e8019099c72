import { client as cmsClient } from '../gen/cms/client.gen.js';
import { client as nodeClient } from '../gen/node/client.gen.js';
import { client as resourceClient } from '../gen/resource/client.gen.js';
import { client as supportClient } from '../gen/support/client.gen.js';
import { client as tmsClient } from '../gen/tms/client.gen.js';
import { client as userClient } from '../gen/user/client.gen.js';
import { unwrapEnvelope } from './envelope.js';
import { ApiError, ClientErrCode } from './errors.js';
import { type FetchLike, withTimeout } from './timeout.js';

export const DEFAULT_PRODUCT = 'dfrm';
export const PRODUCT_ID = 7;
export const REQUEST_TIMEOUT_MS = 30_000;

export interface Auth {
  token?: string | null;
  userId?: string | null;
}

export interface SdkConfig {
  /** Base of every service, e.g. `/api` or `http://127.0.0.1:8080/api`. */
  baseUrl: string;
  /** Product header; dfrm unless a stored product name is given. */
  product?: string | (() => string | null | undefined);
  /** Called before each request for the token and userId headers. */
  getAuth?: () => Auth | null | undefined;
  fetch?: FetchLike;
  timeoutMs?: number;
}

/** The six services share one configuration. */
export const clients = {
  user: userClient,
  tms: tmsClient,
  resource: resourceClient,
  support: supportClient,
  cms: cmsClient,
  node: nodeClient,
} as const;

function resolveProduct(product: SdkConfig['product']): string {
  const value = typeof product === 'function' ? product() : product;
  return value || DEFAULT_PRODUCT;
}

/** Sets headers on a request: Product always, token and userId when known. */
export function applyHeaders(headers: Headers, product: string, auth: Auth | null | undefined) {
  headers.set('Product', product);
  if (auth?.token) headers.set('token', auth.token);
  if (auth?.userId) headers.set('userId', auth.userId);
}

function toNetworkError(error: unknown): unknown {
  if (error instanceof ApiError) return error;
  if (error instanceof DOMException && error.name === 'AbortError') return error;
  if (error instanceof Error && error.name === 'AbortError') return error;
  if (error instanceof TypeError) {
    return new ApiError(ClientErrCode.network, '网络连接失败，请检查网络后重试', 0, { cause: error });
  }
  return error;
}

const registered = new WeakSet<object>();

/**
 * One call configures every generated client: base URL, credentials, the
 * Product/token/userId headers, the timeout and the envelope unwrapping.
 * Calling it again replaces the previous settings.
 */
export function configure(config: SdkConfig): void {
  const baseFetch: FetchLike = config.fetch ?? ((request) => globalThis.fetch(request));
  const fetchWithTimeout = withTimeout(baseFetch, config.timeoutMs ?? REQUEST_TIMEOUT_MS);
  current = config;
  for (const client of Object.values(clients)) {
    client.setConfig({
      baseUrl: config.baseUrl,
      credentials: 'include',
      throwOnError: true,
      fetch: (input: string | URL | Request, init?: RequestInit) =>
        fetchWithTimeout(input instanceof Request && !init ? input : new Request(input, init)),
    });
    if (registered.has(client)) continue;
    registered.add(client);
    client.interceptors.request.use((request) => {
      applyHeaders(request.headers, resolveProduct(current?.product), current?.getAuth?.());
      return request;
    });
    client.interceptors.response.use((response) => unwrapEnvelope(response));
    client.interceptors.error.use((error) => toNetworkError(error));
  }
}

let current: SdkConfig | undefined;

/** The configuration in force, for helpers (download) that follow the same rules. */
export function currentConfig(): SdkConfig | undefined {
  return current;
}

export function currentProduct(): string {
  return resolveProduct(current?.product);
}
