import type { Client } from '../gen/shared/client/index.js';
import { describeIssues, INVALID_INPUT_MESSAGE, type ValidationIssue } from './describe-issue.js';
import { ApiError, BAD_RESPONSE_MESSAGE, ClientErrCode, ErrCode, NETWORK_MESSAGE } from './errors.js';

type Validator = (data: unknown) => Promise<unknown>;

function issuesOf(error: unknown): readonly ValidationIssue[] | undefined {
  const issues = (error as { issues?: unknown } | null)?.issues;
  return Array.isArray(issues) ? (issues as ValidationIssue[]) : undefined;
}

/**
 * The generated request validator checks `{ body, path, query }`; the server checks each part on
 * its own, so the part's name is dropped to name the field as the server does (`参数 account`).
 */
export function requestValidationError(error: unknown, options: unknown): ApiError {
  const issues = issuesOf(error);
  let message = INVALID_INPUT_MESSAGE;
  if (issues?.[0]) {
    const [part, ...rest] = issues[0].path;
    const section = part === 'body' || part === 'path' || part === 'query' ? part : undefined;
    message = section
      ? describeIssues([{ ...issues[0], path: rest }], (options as Record<string, unknown> | null)?.[section])
      : describeIssues(issues, options);
  }
  return new ApiError(ErrCode.invalidInput, message, 0, { cause: error });
}

export function responseValidationError(error: unknown): ApiError {
  const first = issuesOf(error)?.[0];
  const field = first?.path.map(String).join('.');
  const message = field ? `${BAD_RESPONSE_MESSAGE}（字段 ${field}）` : BAD_RESPONSE_MESSAGE;
  return new ApiError(ClientErrCode.badResponse, message, 0, { cause: error });
}

function isAbort(error: unknown): boolean {
  return (
    (typeof DOMException !== 'undefined' && error instanceof DOMException && error.name === 'AbortError') ||
    (error instanceof Error && error.name === 'AbortError')
  );
}

/**
 * Whatever escaped hey-api's client as something else than ApiError: a caller's own abort stays an
 * AbortError (React Query tells a cancelled query from a failed one by it); anything else (fetch's
 * TypeError, a body that could not be read) becomes the network ApiError with the original as cause.
 */
export function toApiError(error: unknown): unknown {
  if (error instanceof ApiError || isAbort(error)) return error;
  return new ApiError(ClientErrCode.network, NETWORK_MESSAGE, 0, { cause: error });
}

function guard(
  validator: unknown,
  toError: (error: unknown, data: unknown) => ApiError,
): Validator | undefined {
  if (typeof validator !== 'function') return undefined;
  return async (data) => {
    try {
      return await (validator as Validator)(data);
    } catch (error) {
      throw toError(error, data);
    }
  };
}

const METHODS = [
  'request',
  'get',
  'post',
  'put',
  'patch',
  'delete',
  'head',
  'options',
  'connect',
  'trace',
] as const;
const guarded = new WeakSet<Client>();

/**
 * Every generated operation hands its zod validators to the client method it calls
 * (`client.post({ requestValidator, responseValidator, ...options })`), and hey-api runs them
 * outside its error interceptors, so a raw ZodError would reach the caller. Wrapping the client's
 * methods once turns a failed request validation into ApiError errCode 2 (nothing is sent), a
 * failed response validation into errCode -3, and any other stray failure into ApiError.
 * `validateResponses` is asked at each call: false hands the answer over unchecked.
 */
export function guardClient(client: Client, validateResponses: () => boolean = () => true): void {
  if (guarded.has(client)) return;
  guarded.add(client);
  const methods = client as unknown as Record<
    (typeof METHODS)[number],
    (options: Record<string, unknown>) => Promise<unknown>
  >;
  for (const name of METHODS) {
    const original = methods[name];
    methods[name] = async (options) => {
      const requestValidator = guard(options.requestValidator, requestValidationError);
      const responseValidator = validateResponses()
        ? guard(options.responseValidator, responseValidationError)
        : undefined;
      try {
        return await original({
          ...options,
          ...(requestValidator ? { requestValidator } : {}),
          responseValidator,
        });
      } catch (error) {
        throw toApiError(error);
      }
    };
  }
}
