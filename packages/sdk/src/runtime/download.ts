import { applyHeaders, currentConfig, currentProduct } from './configure.js';
import { ApiError, ClientErrCode, NETWORK_MESSAGE } from './errors.js';
import { type FetchLike, withTimeout } from './timeout.js';

export const DOWNLOAD_TIMEOUT_MS = 30_000;

export interface DownloadOptions {
  /** With a token the request carries the token, userId and Product headers. */
  token?: string | null;
  userId?: string | null;
  signal?: AbortSignal;
  fetch?: FetchLike;
  timeoutMs?: number;
}

export interface DownloadedFile {
  blob: Blob;
  /** From Content-Disposition (RFC 5987 filename* first), or null. */
  fileName: string | null;
}

/** Reads the file name a server put in Content-Disposition, decoding UTF-8 (Chinese) names. */
export function fileNameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const star = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1].trim().replace(/^"|"$/g, ''));
    } catch {
      // fall through to the plain name
    }
  }
  const plain = /filename\s*=\s*("?)([^";]+)\1/.exec(header);
  return plain?.[2]?.trim() ?? null;
}

/**
 * GET a file URL as a blob within 30 s. With a token it sends token and Product
 * headers (and userId when given, as every other call does). Failures are
 * ApiError: the server's envelope message when it answered one, 请求超时，请稍后再试
 * on timeout.
 */
export function downloadFile(url: string, options: DownloadOptions = {}): Promise<DownloadedFile> {
  return downloadWith({ product: currentProduct(), fetch: currentConfig()?.fetch }, url, options);
}

/** downloadFile with a given product and default fetch (a createClient instance's). */
export async function downloadWith(
  defaults: { product: string; fetch?: FetchLike | undefined },
  url: string,
  options: DownloadOptions = {},
): Promise<DownloadedFile> {
  const baseFetch: FetchLike = options.fetch ?? defaults.fetch ?? ((r) => globalThis.fetch(r));
  const fetchWithTimeout = withTimeout(baseFetch, options.timeoutMs ?? DOWNLOAD_TIMEOUT_MS);
  const headers = new Headers();
  if (options.token)
    applyHeaders(headers, defaults.product, { token: options.token, userId: options.userId });
  const request = new Request(url, {
    method: 'GET',
    headers,
    credentials: 'include',
    ...(options.signal ? { signal: options.signal } : {}),
  });
  let response: Response;
  try {
    response = await fetchWithTimeout(request);
  } catch (error) {
    if (error instanceof ApiError) throw error;
    if (error instanceof TypeError) {
      throw new ApiError(ClientErrCode.network, NETWORK_MESSAGE, 0, { cause: error });
    }
    throw error;
  }
  const type = response.headers.get('Content-Type') ?? '';
  if (!response.ok || type.includes('application/json')) {
    const body = type.includes('json') ? ((await response.json().catch(() => null)) as unknown) : null;
    const envelope = body as { errCode?: unknown; errMsg?: unknown } | null;
    if (envelope && typeof envelope.errCode === 'number' && typeof envelope.errMsg === 'string') {
      if (envelope.errCode !== 0 || !response.ok) {
        throw new ApiError(envelope.errCode, envelope.errMsg, response.status);
      }
    } else if (!response.ok) {
      throw new ApiError(ClientErrCode.badResponse, `下载失败（HTTP ${response.status}）`, response.status);
    }
    return {
      blob: new Blob([JSON.stringify(body)], { type }),
      fileName: fileNameFromDisposition(response.headers.get('Content-Disposition')),
    };
  }
  return {
    blob: await response.blob(),
    fileName: fileNameFromDisposition(response.headers.get('Content-Disposition')),
  };
}
