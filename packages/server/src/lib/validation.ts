import * as z from 'zod/mini';
import { InvalidInputError } from './errors';

type Issue = z.core.$ZodIssue;

function fieldName(path: readonly PropertyKey[]): string {
  return path.map((part) => String(part)).join('.');
}

function isMissing(issue: Issue): boolean {
  return issue.input === undefined || issue.input === null || issue.input === '';
}

/** For a union (login: account or phone), the branch the caller most likely meant: fewest complaints. */
function closestBranch(branches: readonly (readonly Issue[])[]): readonly Issue[] {
  let best: readonly Issue[] = [];
  for (const branch of branches) {
    if (best.length === 0 || (branch.length > 0 && branch.length < best.length)) best = branch;
  }
  return best;
}

function describe(issue: Issue, prefix: readonly PropertyKey[]): string {
  const path = [...prefix, ...issue.path];
  if (issue.code === 'invalid_union' && issue.errors.length > 0) {
    // a union of literals (an enum on the wire): name every value it allows
    const literals = issue.errors.every(
      (branch) => branch.length === 1 && branch[0]?.code === 'invalid_value' && branch[0].path.length === 0,
    );
    if (literals) {
      const values = issue.errors.flatMap((branch) =>
        branch[0]?.code === 'invalid_value' ? branch[0].values : [],
      );
      return `参数 ${fieldName(path)} 取值不正确，可选值：${values.map(String).join('、')}`;
    }
    const first = closestBranch(issue.errors)[0];
    if (first) return describe(first, path);
  }
  const field = fieldName(path);
  if (!field)
    return issue.code === 'invalid_type' && isMissing(issue) ? '请求参数不能为空' : '请求参数格式不正确';
  const name = `参数 ${field}`;
  switch (issue.code) {
    case 'invalid_type':
      return isMissing(issue) ? `${name} 不能为空` : `${name} 类型不正确`;
    case 'too_small':
      if (issue.origin === 'string') {
        return Number(issue.minimum) <= 1
          ? `${name} 不能为空`
          : `${name} 长度不能少于 ${issue.minimum} 个字符`;
      }
      if (issue.origin === 'array' || issue.origin === 'set') return `${name} 至少需要 ${issue.minimum} 项`;
      return `${name} 不能小于 ${issue.minimum}`;
    case 'too_big':
      if (issue.origin === 'string') return `${name} 长度不能超过 ${issue.maximum} 个字符`;
      if (issue.origin === 'array' || issue.origin === 'set') return `${name} 最多 ${issue.maximum} 项`;
      return `${name} 不能大于 ${issue.maximum}`;
    case 'invalid_format':
      return isMissing(issue) ? `${name} 不能为空` : `${name} 格式不正确`;
    case 'invalid_value':
      return `${name} 取值不正确，可选值：${issue.values.map(String).join('、')}`;
    case 'unrecognized_keys':
      return `参数 ${issue.keys.join('、')} 不受支持`;
    default:
      return `${name} 不正确`;
  }
}

/** Parses with one of the SDK's generated schemas; a failure is errCode 2 naming the first bad field in Chinese. */
export function validate<S extends z.ZodMiniType>(schema: S, value: unknown): z.output<S> {
  rejectControlCharacters(value);
  const result = z.safeParse(schema, value, { reportInput: true });
  if (result.success) return result.data;
  const first = result.error.issues[0];
  throw new InvalidInputError(first ? describe(first, []) : '请求参数格式不正确');
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
