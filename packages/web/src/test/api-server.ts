import { configure, PRODUCT_ID } from '@dfrm/sdk';
import { login, type LoginUser, type User } from '@dfrm/sdk/user';
import { http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { createSession } from '@/shared/session/session-store';

import type { SchoolRole } from '@dfrm/sdk/tms';
import {
  createTestApp,
  demoAccount,
  hashInitialPassword,
  initialPassword,
  type TestApp,
} from '@dfrm/server/testing';

let testApp: TestApp | null = null;

/** The in-process reference server of the current test file. */
export function api(): TestApp {
  if (!testApp) throw new Error('setupApiServer() must run in this test file first');
  return testApp;
}

/** Hands a request the app made to the reference server, as if over the network. */
export async function forwardToApi(request: Request): Promise<Response> {
  const url = new URL(request.url);
  const init: RequestInit = { method: request.method, headers: request.headers };
  if (request.method !== 'GET' && request.method !== 'HEAD') init.body = await request.arrayBuffer();
  return api().app.request(`${url.pathname}${url.search}`, init);
}

// The default: every API call and /config.json reach the real server. Tests
// replace single handlers with server.use(...) to inject failures.
export const server = setupServer(
  http.all('*/api/*', ({ request }) => forwardToApi(request)),
  http.get('*/config.json', ({ request }) => forwardToApi(request)),
);

/**
 * Holds the app's requests to one API path (`*` + path, as msw matches) until the returned
 * function is called; then each goes on to the reference server.
 */
export function holdApi(method: 'get' | 'post', path: string): () => void {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  server.use(
    http[method](`*${path}`, async ({ request }) => {
      await held;
      return forwardToApi(request);
    }),
  );
  return () => release();
}

/**
 * A reference server per test: the demo school freshly restored (a snapshot,
 * milliseconds; the database itself opens once per worker), so sessions, rate
 * limits and sent codes never leak from one test into the next.
 */
export function setupApiServer(): void {
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  beforeEach(async () => {
    testApp = await createTestApp();
  });
  afterEach(async () => {
    server.resetHandlers();
    await testApp?.close();
    testApp = null;
  });
  afterAll(() => server.close());
}

export const DEMO_PASSWORD = 'dfrm2026';
export const API_BASE = new URL('/api', window.location.href).href;

/** Logs in through the SDK (not the UI), for tests that start as a logged-in user. */
export async function loginAs(account: string, password = DEMO_PASSWORD): Promise<LoginUser> {
  configure({ baseUrl: API_BASE });
  return login({ body: { account, password, productId: PRODUCT_ID } });
}

/** What a previous visit leaves behind: the user in localStorage. */
export function storeUser(user: User): void {
  createSession(window.localStorage).setUser(user);
}

/** The newest code the reference server "sent" to a phone. */
export function latestSmsCode(phone: string): string {
  const code = api().sms.lastCode(phone);
  if (!code) throw new Error(`no SMS code was sent to ${phone}`);
  return code;
}

/**
 * Gives a demo user one more role in the demo school (id 1). No demo account
 * holds both teacher and student, which the role choice needs; this writes the
 * membership row directly until the seed has such an account.
 */
export async function grantSchoolRole(userId: string, role: SchoolRole): Promise<void> {
  if (!/^\d+$/.test(userId)) throw new Error(`unexpected user id ${userId}`);
  await api().db.execute(
    `insert into school_members (school_id, user_id, role) values (1, ${userId}, '${role}')`,
  );
}

/** Puts a demo student back on the initial password an import gives (the last 6 of the number); returns it. */
export async function resetToInitialPassword(userName: string): Promise<string> {
  if (!/^student\d+$/.test(userName)) throw new Error(`not a demo student: ${userName}`);
  const initial = initialPassword(demoAccount(userName).studentNumber ?? '');
  const hash = await hashInitialPassword(initial);
  await api().db.execute(`update users set password_hash = '${hash}' where user_name = '${userName}'`);
  return initial;
}

/** How many sessions of an account the server still accepts (neither revoked nor displaced). */
export async function liveSessionCount(userName: string): Promise<number> {
  if (!/^\w+$/.test(userName)) throw new Error(`unexpected user name ${userName}`);
  const result = await api().db.execute(
    `select count(*)::int as n from sessions s join users u on u.id = s.user_id
     where u.user_name = '${userName}' and s.revoked_at is null and s.displaced_at is null`,
  );
  return (result as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0;
}
