import { ClientErrCode, ErrCode, isApiError } from '@dfrm/sdk';

// A request that got no answer (timeout, no network, the server overloaded or failing) may or may
// not have been stored: whatever keeps a student's work sends it again unchanged until the server
// answers. Every other refusal is final.

const RETRY_REASONS: Readonly<Record<number, string>> = {
  [ClientErrCode.timeout]: '请求超时',
  [ClientErrCode.network]: '网络错误',
  [ErrCode.tooManyRequests]: '请求过于频繁',
  [ErrCode.internal]: '服务器出错',
};

/** Why a failed save may be sent again unchanged (the server may not have it), or null when not. */
export function retryReason(error: unknown): string | null {
  return isApiError(error) ? (RETRY_REASONS[error.errCode] ?? null) : null;
}
