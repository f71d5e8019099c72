import * as z from 'zod/mini';
import { describeIssues } from '@dfrm/sdk/errors';
import { InvalidInputError } from './errors';

function fieldName(path: readonly PropertyKey[]): string {
  return path.map((part) => String(part)).join('.');
}

/** Parses with one of the SDK's generated schemas; a failure is errCode 2 naming the first bad field in Chinese. */
export function validate<S extends z.ZodMiniType>(schema: S, value: unknown): z.output<S> {
  rejectControlCharacters(value);
  const result = z.safeParse(schema, value, { reportInput: true });
  if (result.success) return result.data;
  // the SDK describes a refused request in the same words before it is even sent
  throw new InvalidInputError(describeIssues(result.error.issues, value));
}

// C0 controls and DEL, except tab, line feed and carriage return (text fields may hold those)
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

/** Refuses a string anywhere in the input (keys too) that holds a control character such as NUL (errCode 2). */
export function rejectControlCharacters(value: unknown, path: readonly PropertyKey[] = []): void {
  const name = () => (path.length > 0 ? `参数 ${fieldName(path)}` : '请求参数');
  if (typeof value === 'string') {
    if (CONTROL.test(value)) throw new InvalidInputError(`${name()} 含有不允许的控制字符`);
  } else if (Array.isArray(value)) {
    value.forEach((item, index) => rejectControlCharacters(item, [...path, index]));
  } else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (CONTROL.test(key)) throw new InvalidInputError(`${name()} 含有不允许的控制字符`);
      rejectControlCharacters(item, [...path, key]);
    }
  }
}

/** Whether a field takes numbers: a number passes, or fails for its value rather than its type. */
function wantsNumber(schema: z.ZodMiniType, value: number): boolean {
  const result = z.safeParse(schema, value);
  if (result.success) return true;
  const issue = result.error.issues[0];
  return issue !== undefined && issue.code !== 'invalid_type' && issue.code !== 'invalid_union';
}

function accepts(schema: z.ZodMiniType, value: unknown): boolean {
  return z.safeParse(schema, value).success;
}

/**
 * Path and query values arrive as text; where the operation's schema wants a number or a
 * boolean for a field and the text spells one, the field is handed on as that.
 */
export function coerceParams(schema: z.ZodMiniType, raw: Record<string, string>): Record<string, unknown> {
  const shape = (schema as { _zod: { def: { shape?: Record<string, z.ZodMiniType> } } })._zod.def.shape;
  if (!shape) return raw;
  const out: Record<string, unknown> = { ...raw };
  for (const [key, text] of Object.entries(raw)) {
    const field = shape[key];
    if (!field || accepts(field, text)) continue;
    // a number field gets the number even when it is out of range, so the answer names the range, not the type
    if (/^-?\d+(\.\d+)?$/.test(text) && wantsNumber(field, Number(text))) out[key] = Number(text);
    else if ((text === 'true' || text === 'false') && accepts(field, text === 'true'))
      out[key] = text === 'true';
  }
  return out;
}
