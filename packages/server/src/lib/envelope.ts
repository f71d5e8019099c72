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

const TEXT = Symbol('json text');

/**
 * An answer already serialised as JSON, of type `T`: the envelope puts the text in as it is. For
 * hot answers assembled from parts serialised once (a class entering an exam: the paper's
 * questions are serialised once per exam, not once per student). Whoever builds one keeps it a
 * faithful `T`: build the parts from values typed as `T`'s parts.
 */
export interface JsonText<T> {
  readonly [TEXT]: string;
  /** Never set: carries `T` for the compiler. */
  readonly type?: T;
}

export function jsonText<T>(text: string): JsonText<T> {
  return { [TEXT]: text };
}

export function isJsonText(value: unknown): value is JsonText<unknown> {
  return typeof value === 'object' && value !== null && TEXT in value;
}

/** The value of a JSON text (for callers inside the server, such as the demo seed). */
export function parseJsonText<T>(value: T | JsonText<T>): T {
  return isJsonText(value) ? (JSON.parse(value[TEXT]) as T) : value;
}

export function ok<T>(c: Context, data: T | JsonText<T>): Response {
  if (isJsonText(data)) {
    return c.body(`{"errCode":${ErrCode.success},"errMsg":"success","data":${data[TEXT]}}`, 200, {
      'content-type': 'application/json',
    });
  }
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
