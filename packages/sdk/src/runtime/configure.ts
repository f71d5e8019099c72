import { client as cmsClient } from '../gen/cms/client.gen.js';
import { client as nodeClient } from '../gen/node/client.gen.js';
import { client as resourceClient } from '../gen/resource/client.gen.js';
import type { Client } from '../gen/shared/client/index.js';
import { client as supportClient } from '../gen/support/client.gen.js';
import { client as tmsClient } from '../gen/tms/client.gen.js';
import { client as userClient } from '../gen/user/client.gen.js';
import { unwrapEnvelope } from './envelope.js';
import { ApiError, ClientErrCode, NETWORK_MESSAGE } from './errors.js';
import { type FetchLike, withTimeout } from './timeout.js';
import { guardClient } from './validation.js';

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
  /**
   * Check every answer against the contract's schema (default true): a field missing or of the
   * wrong type fails the call with errCode -3 instead of reaching the caller. An app talking to
   * a server whose answers its own test suite checks may turn it off in production, where the
   * check costs a phone's main thread time on every answer.
   */
  validateResponses?: boolean;
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

export function resolveProduct(product: SdkConfig['product']): string {
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
    return new ApiError(ClientErrCode.network, NETWORK_MESSAGE, 0, { cause: error });
  }
  return error;
}

/** Base URL, credentials and the fetch (with its timeout) of one configuration. */
export function applyConfig(client: Client, config: SdkConfig): void {
  const baseFetch: FetchLike = config.fetch ?? ((request) => globalThis.fetch(request));
  const fetchWithTimeout = withTimeout(baseFetch, config.timeoutMs ?? REQUEST_TIMEOUT_MS);
  client.setConfig({
    baseUrl: config.baseUrl,
    credentials: 'include',
    throwOnError: true,
    fetch: (input: string | URL | Request, init?: RequestInit) =>
      fetchWithTimeout(input instanceof Request && !init ? input : new Request(input, init)),
  });
}

/**
 * Interceptors read the configuration at each request (`read`), so the global clients follow
 * whatever `configure` set last and a `createClient` instance keeps its own.
 */
export function install(client: Client, read: () => SdkConfig | undefined): void {
  guardClient(client, () => read()?.validateResponses !== false);
  client.interceptors.request.use((request) => {
    const config = read();
    applyHeaders(request.headers, resolveProduct(config?.product), config?.getAuth?.());
    return request;
  });
  client.interceptors.response.use((response) => unwrapEnvelope(response));
  client.interceptors.error.use((error) => toNetworkError(error));
}

let current: SdkConfig | undefined;
const installed = new WeakSet<object>();

/**
 * One call configures every generated client: base URL, credentials, the
 * Product/token/userId headers, the timeout and the envelope unwrapping.
 * Calling it again replaces the previous settings.
 */
export function configure(config: SdkConfig): void {
  current = config;
  for (const client of Object.values(clients)) {
    applyConfig(client, config);
    if (installed.has(client)) continue;
    installed.add(client);
    install(client, () => current);
  }
}

/** The configuration in force, for helpers (download) that follow the same rules. */
export function currentConfig(): SdkConfig | undefined {
  return current;
}

export function currentProduct(): string {
  return resolveProduct(current?.product);
}
