import type { Hono, MiddlewareHandler } from 'hono';
import { failure } from '../lib/envelope';
import { ErrCode, httpStatusOf } from '../lib/errors';
import type { AppEnv } from '../lib/hono-env';
import { OPERATIONS, type OperationSpec } from './operations.gen';

interface Compiled {
  op: OperationSpec;
  segments: readonly string[];
  /** Static segments count more than parameters: `/x/list` beats `/x/{id}`. */
  weight: number;
}

const isParam = (segment: string) => segment.startsWith('{') && segment.endsWith('}');
const split = (path: string) => path.split('/').filter(Boolean);

const compiled: Compiled[] = OPERATIONS.map((op) => {
  const segments = split(op.path);
  return { op, segments, weight: segments.filter((s) => !isParam(s)).length };
});

/** The spec operation a request means, by the most specific path that fits. */
export function matchOperation(method: string, path: string): OperationSpec | undefined {
  const parts = split(path);
  let best: Compiled | undefined;
  for (const candidate of compiled) {
    if (candidate.op.method !== method || candidate.segments.length !== parts.length) continue;
    const fits = candidate.segments.every((s, i) => isParam(s) || s === parts[i]);
    if (fits && (!best || candidate.weight > best.weight)) best = candidate;
  }
  return best?.op;
}

export const operationKey = (method: string, specPath: string) => `${method} ${specPath}`;

/** Hono's `:name` back to the spec's `{name}`. */
const toSpecPath = (honoPath: string) => honoPath.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

/** Operations a Hono app serves with a real handler (routes it registered by method and path). */
export function implementedKeys(app: Hono<AppEnv>, base = ''): Set<string> {
  const keys = new Set<string>();
  for (const route of app.routes) {
    if (route.method === 'ALL' || route.path.includes('*') || !route.path.startsWith(base)) continue;
    keys.add(operationKey(route.method, toSpecPath(route.path.slice(base.length))));
  }
  return keys;
}

/**
 * One fallback for the whole contract: a request that means a spec operation the
 * server does not implement yet answers HTTP 501 with errCode 9 — never a fake
 * success, never the next route's handler. `implemented` is filled once every
 * real route is registered.
 */
export function notImplementedGuard(
  implemented: ReadonlySet<string>,
  base: string,
): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const op = matchOperation(c.req.method, c.req.path.slice(base.length));
    if (op && !implemented.has(operationKey(op.method, op.path))) {
      return c.json(
        failure(ErrCode.notImplemented, `该功能尚未实现：${op.summary}`),
        httpStatusOf[ErrCode.notImplemented],
      );
    }
    await next();
  };
}

export interface Coverage {
  service: string;
  operations: number;
  implemented: number;
}

export function coverage(implemented: ReadonlySet<string>): Coverage[] {
  const byService = new Map<string, Coverage>();
  for (const op of OPERATIONS) {
    const row = byService.get(op.service) ?? { service: op.service, operations: 0, implemented: 0 };
    row.operations++;
    if (implemented.has(operationKey(op.method, op.path))) row.implemented++;
    byService.set(op.service, row);
  }
  return [...byService.values()];
}
