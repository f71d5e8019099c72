import type { Hono } from 'hono';
import type { Envelope } from '../lib/envelope';
import type { AppEnv } from '../routes/hono-env';
import { demoPassword } from '../seed/demo-data';

type App = Hono<AppEnv>;

export interface Session {
  token: string;
  userId: string;
  /** The headers every authenticated request carries. */
  headers: Record<string, string>;
}

export interface ApiAnswer<T = unknown> {
  status: number;
  body: Envelope<T>;
}

export interface CallOptions {
  session?: Session | null;
  headers?: Record<string, string>;
  /** JSON (an object or a ready string), or a FormData sent as multipart/form-data. */
  body?: unknown;
}

/** One API call as the SDK would make it: Product header, JSON (or multipart) body, envelope answer. */
export async function call<T = unknown>(
  app: App,
  method: string,
  path: string,
  options: CallOptions = {},
): Promise<ApiAnswer<T>> {
  const headers: Record<string, string> = {
    Product: 'dfrm',
    ...options.session?.headers,
    ...options.headers,
  };
  const init: RequestInit = { method, headers };
  if (options.body instanceof FormData) {
    // multipart: fetch writes the Content-Type with its boundary
    init.body = options.body;
  } else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    init.body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
  }
  const response = await app.request(`/api${path}`, init);
  return { status: response.status, body: (await response.json()) as Envelope<T> };
}

export function sessionHeaders(token: string, userId: string): Record<string, string> {
  return { token, userId };
}

/** Logs in with account and password (the demo password by default); fails loudly if refused. */
export async function login(
  app: App,
  account: string,
  password = demoPassword(),
  headers: Record<string, string> = {},
): Promise<Session> {
  const answer = await call<{ token: string; userId: string }>(app, 'POST', '/user/login', {
    body: { account, password, productId: 7 },
    headers,
  });
  if (answer.body.errCode !== 0) throw new Error(`login ${account} failed: ${answer.body.errMsg}`);
  const { token, userId } = answer.body.data;
  return { token, userId, headers: sessionHeaders(token, userId) };
}
