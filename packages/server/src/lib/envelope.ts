import type { Context } from 'hono';
import { AppError, ErrCode, type ErrCodeValue, httpStatusOf, INTERNAL_ERROR_MESSAGE } from './errors';

export interface Envelope<T> {
  errCode: ErrCodeValue;
  errMsg: string;
  data: T;
}

export function success<T>(data: T): Envelope<T> {
  return { errCode: ErrCode.success, errMsg: 'success', data };
}

export function failure(errCode: ErrCodeValue, errMsg: string): Envelope<null> {
  return { errCode, errMsg, data: null };
}

export function ok<T>(c: Context, data: T): Response {
  return c.json(success(data), 200);
}

/** Any thrown value becomes an envelope; unexpected ones are logged and hidden behind a generic message. */
export function errorResponse(
  c: Context,
  error: unknown,
  log: (message: string, error: unknown) => void,
): Response {
  if (error instanceof AppError) {
    return c.json(failure(error.errCode, error.message), error.status);
  }
  log(`[错误] ${c.req.method} ${c.req.path}`, error);
  return c.json(failure(ErrCode.internal, INTERNAL_ERROR_MESSAGE), httpStatusOf[ErrCode.internal]);
}
