/**
 * The error table of the envelope (specs/README.md carries the same table).
 *
 * | errCode | HTTP | meaning                                   | class              |
 * | ------- | ---- | ----------------------------------------- | ------------------ |
 * | 0       | 200  | success (errMsg "success")                | —                  |
 * | 1       | 400  | a business rule refused the request       | RefusedError       |
 * | 2       | 400  | invalid input; errMsg names the field     | InvalidInputError  |
 * | 3       | 401  | session displaced or expired              | SessionEndedError  |
 * | 4       | 401  | not logged in                             | NotLoggedInError   |
 * | 5       | 403  | forbidden                                 | ForbiddenError     |
 * | 6       | 404  | not found                                 | NotFoundError      |
 * | 7       | 409  | conflict                                  | ConflictError      |
 * | 8       | 429  | too many requests                         | TooManyRequestsError |
 * | 9       | 501  | not implemented                           | NotImplementedError |
 * | 10      | 500  | internal error (logged; generic message)  | any other throw    |
 */
// one table for the SDK and the server
import { ErrCode, type ErrCodeValue } from '@dfrm/sdk/errors';

export { ErrCode, type ErrCodeValue };

export type HttpStatus = 200 | 400 | 401 | 403 | 404 | 409 | 429 | 500 | 501;

export const httpStatusOf: Record<ErrCodeValue, HttpStatus> = {
  0: 200,
  1: 400,
  2: 400,
  3: 401,
  4: 401,
  5: 403,
  6: 404,
  7: 409,
  8: 429,
  9: 501,
  10: 500,
};

export const INTERNAL_ERROR_MESSAGE = '服务器内部错误，请稍后再试';

/** A failure the caller should see as is: services throw these, the app turns them into envelopes. */
export class AppError extends Error {
  readonly errCode: ErrCodeValue;

  constructor(errCode: ErrCodeValue, message: string) {
    super(message);
    this.name = new.target.name;
    this.errCode = errCode;
  }

  get status(): HttpStatus {
    return httpStatusOf[this.errCode];
  }
}

export class RefusedError extends AppError {
  constructor(message: string) {
    super(ErrCode.refused, message);
  }
}

export class InvalidInputError extends AppError {
  constructor(message: string) {
    super(ErrCode.invalidInput, message);
  }
}

export class SessionEndedError extends AppError {
  constructor(message: string) {
    super(ErrCode.sessionEnded, message);
  }
}

export class NotLoggedInError extends AppError {
  constructor(message = '请先登录') {
    super(ErrCode.notLoggedIn, message);
  }
}

export class ForbiddenError extends AppError {
  constructor(message = '您没有权限执行此操作') {
    super(ErrCode.forbidden, message);
  }
}

export class NotFoundError extends AppError {
  constructor(message: string) {
    super(ErrCode.notFound, message);
  }
}

export class ConflictError extends AppError {
  constructor(message: string) {
    super(ErrCode.conflict, message);
  }
}

export class TooManyRequestsError extends AppError {
  constructor(message: string) {
    super(ErrCode.tooManyRequests, message);
  }
}

export class NotImplementedError extends AppError {
  constructor(message = '该功能尚未实现') {
    super(ErrCode.notImplemented, message);
  }
}
