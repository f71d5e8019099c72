/** Error codes of the envelope; the table lives in specs/README.md. */
export const ErrCode = {
  success: 0,
  refused: 1,
  invalidInput: 2,
  sessionEnded: 3,
  notLoggedIn: 4,
  forbidden: 5,
  notFound: 6,
  conflict: 7,
  tooManyRequests: 8,
  notImplemented: 9,
  internal: 10,
} as const;
/** Failures that never reached the server's envelope; negative so they never clash with it. */
export const ClientErrCode = {
  timeout: -1,
  network: -2,
  badResponse: -3,
} as const;

export type ErrCodeValue = (typeof ErrCode)[keyof typeof ErrCode];

export const TIMEOUT_MESSAGE = '请求超时，请稍后再试';
export const NETWORK_MESSAGE = '网络连接失败，请检查网络后重试';
/** An answer that is not what the contract says (errCode -3); a detail in brackets may follow. */
export const BAD_RESPONSE_MESSAGE = '服务器返回的数据不符合接口约定';

/** Every failed call of a generated client rejects with this. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly errCode: number;
  readonly errMsg: string;
  /** HTTP status, or 0 when no answer came (timeout, network). */
  readonly status: number;

  constructor(errCode: number, errMsg: string, status = 0, options?: { cause?: unknown }) {
    super(errMsg, options);
    this.errCode = errCode;
    this.errMsg = errMsg;
    this.status = status;
  }

  get isTimeout(): boolean {
    return this.errCode === ClientErrCode.timeout;
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}

export {
  describeIssues,
  EMPTY_INPUT_MESSAGE,
  INVALID_INPUT_MESSAGE,
  type ValidationIssue,
} from './describe-issue.js';
