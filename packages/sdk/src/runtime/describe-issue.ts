import type * as z from 'zod/mini';

/** One complaint of a zod schema (what `error.issues` holds). */
export type ValidationIssue = z.core.$ZodIssue;

/** When a request is wrong but no field can be named. */
export const INVALID_INPUT_MESSAGE = '请求参数格式不正确';
export const EMPTY_INPUT_MESSAGE = '请求参数不能为空';

function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let value = root;
  for (const part of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<PropertyKey, unknown>)[part];
  }
  return value;
}

/**
 * What the field held: the issue's own `input` when the schema was parsed with `reportInput`
 * (the server does), otherwise looked up in the validated value (the SDK's generated validators
 * do not report input).
 */
function inputOf(issue: ValidationIssue, root: unknown, path: readonly PropertyKey[]): unknown {
  return 'input' in issue ? issue.input : valueAt(root, path);
}

function isMissing(value: unknown): boolean {
  return value === undefined || value === null || value === '';
}

/** For a union (login: account or phone), the branch the caller most likely meant: fewest complaints. */
function closestBranch(branches: readonly (readonly ValidationIssue[])[]): readonly ValidationIssue[] {
  let best: readonly ValidationIssue[] = [];
  for (const branch of branches) {
    if (best.length === 0 || (branch.length > 0 && branch.length < best.length)) best = branch;
  }
  return best;
}

function describeAt(issue: ValidationIssue, root: unknown, prefix: readonly PropertyKey[]): string {
  const path = [...prefix, ...issue.path];
  if (issue.code === 'invalid_union' && issue.errors.length > 0) {
    // a union of literals (an enum on the wire): name every value it allows
    const literals = issue.errors.every(
      (branch) => branch.length === 1 && branch[0]?.code === 'invalid_value' && branch[0].path.length === 0,
    );
    if (literals && path.length > 0) {
      const values = issue.errors.flatMap((branch) =>
        branch[0]?.code === 'invalid_value' ? branch[0].values : [],
      );
      return `参数 ${path.map((part) => String(part)).join('.')} 取值不正确，可选值：${values.map(String).join('、')}`;
    }
    const first = closestBranch(issue.errors)[0];
    if (first) return describeAt(first, root, path);
  }
  const missing = isMissing(inputOf(issue, root, path));
  const field = path.map((part) => String(part)).join('.');
  if (!field) return issue.code === 'invalid_type' && missing ? EMPTY_INPUT_MESSAGE : INVALID_INPUT_MESSAGE;
  const name = `参数 ${field}`;
  switch (issue.code) {
    case 'invalid_type':
      return missing ? `${name} 不能为空` : `${name} 类型不正确`;
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
    case 'not_multiple_of':
      return `${name} 必须是 ${issue.divisor} 的整数倍`;
    case 'invalid_format':
      return missing ? `${name} 不能为空` : `${name} 格式不正确`;
    case 'invalid_value':
      return `${name} 取值不正确，可选值：${issue.values.map(String).join('、')}`;
    case 'unrecognized_keys':
      return `参数 ${issue.keys.join('、')} 不受支持`;
    default:
      return `${name} 不正确`;
  }
}

/**
 * The one Chinese message for a request that fails its schema, naming the first bad field
 * (`参数 account 不能为空`, `参数 pageSize 不能大于 200`, ...). The server answers errCode 2 with it
 * and the SDK rejects with the same text before sending, so a caller sees one wording either way.
 * `input` is the value that was validated: it tells a missing field from a wrong one when the
 * issues carry no `input` of their own.
 */
export function describeIssues(issues: readonly ValidationIssue[], input?: unknown): string {
  const first = issues[0];
  return first ? describeAt(first, input, []) : INVALID_INPUT_MESSAGE;
}
