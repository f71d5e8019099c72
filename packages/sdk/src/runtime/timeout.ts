import { ApiError, ClientErrCode, TIMEOUT_MESSAGE } from './errors.js';

export type FetchLike = (input: Request) => Promise<Response>;

/**
 * Wraps fetch so a request is aborted after `ms`, combined with whatever
 * signal the caller passed; a timeout surfaces as ApiError(请求超时，请稍后再试),
 * a caller's own abort stays an AbortError so React Query can tell them apart.
 */
export function withTimeout(fetchImpl: FetchLike, ms: number): FetchLike {
  return async (request) => {
    const timer = new AbortController();
    const handle = setTimeout(() => timer.abort(new DOMException('timeout', 'TimeoutError')), ms);
    const signal = AbortSignal.any([request.signal, timer.signal]);
    try {
      return await fetchImpl(new Request(request, { signal }));
    } catch (error) {
      if (timer.signal.aborted && !request.signal.aborted) {
        throw new ApiError(ClientErrCode.timeout, TIMEOUT_MESSAGE, 0, { cause: error });
      }
      throw error;
    } finally {
      clearTimeout(handle);
    }
  };
}
