import { readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing';
import { call, login, type Session } from '../testing/http';
import { coverage } from './operations';
import { OPERATIONS, type OperationSpec } from '../contract/operations.gen';
import type { AreaEntry } from './register';
import { AREAS, serviceRoutes } from './services';

// Generated over the whole contract: every operation, implemented or not, refuses the
// anonymous, every role outside its x-roles and malformed input the same way, and never
// answers 500. It grows with every domain for free.

const { implemented } = serviceRoutes();
let schoolId = '1';
/**
 * A path with every parameter filled: the demo school for `schoolId`, `value` for the rest
 * (ids of nothing, so no call changes a real object); `schoolId` too when it is the only one.
 */
const concrete = (specPath: string, value = '999999') => {
  const params = specPath.match(/\{[^}]+\}/g) ?? [];
  const onlySchool = value !== '999999' && params.length === 1 && params[0] === '{schoolId}';
  return specPath.replace(/\{([^}]+)\}/g, (_, name: string) =>
    name === 'schoolId' && !onlySchool ? schoolId : value,
  );
};

const ACCOUNTS = {
  student: 'student01',
  teacher: 'teacher1',
  schoolManager: 'manager',
  groupAdmin: 'groupadmin',
  admin: 'admin',
} as const;
type AccountRole = keyof typeof ACCOUNTS;
const ROLES = Object.keys(ACCOUNTS) as AccountRole[];

function refusedRoles(op: OperationSpec): AccountRole[] {
  if (op.roles.length === 0 || op.roles.includes('user')) return [];
  return ROLES.filter((role) => !op.roles.includes(role));
}

function allowedRole(op: OperationSpec): AccountRole | null {
  if (op.roles.length === 0) return null;
  if (op.roles.includes('user')) return 'teacher';
  return ROLES.find((role) => op.roles.includes(role)) ?? null;
}

const hasChinese = (text: string) => /[\u4e00-\u9fff]/.test(text);

let t: TestApp;
const sessions = {} as Record<AccountRole, Session>;

beforeAll(async () => {
  t = await createTestApp();
  for (const role of ROLES) sessions[role] = await login(t.app, ACCOUNTS[role]);
  const school = await call<{ schoolId: string }>(t.app, 'GET', '/clientUser/v2/userLogin', {
    session: sessions.teacher,
  });
  schoolId = school.body.data.schoolId;
});
afterAll(() => t.close());

/** Sends one request as the SDK would, with the body given for the operation's kind. */
async function send(op: OperationSpec, session: Session | null, body: 'empty' | 'malformed') {
  const headers: Record<string, string> = { Product: 'dfrm', ...session?.headers };
  const init: RequestInit = { method: op.method, headers };
  if (op.body === 'json' || (op.body === 'multipart' && body === 'malformed')) {
    headers['Content-Type'] = 'application/json';
    init.body = body === 'empty' ? '{}' : '{"schoolId": "1",';
  }
  const response = await t.app.request(`/api${concrete(op.path)}`, init);
  const isJson = (response.headers.get('content-type') ?? '').includes('json');
  const answer = isJson
    ? ((await response.json()) as { errCode: number; errMsg: string })
    : { errCode: response.ok ? 0 : -1, errMsg: `(${response.headers.get('content-type') ?? ''})` };
  return { status: response.status, body: answer };
}

// a few thousand requests each: generous, since CI's two cores may be busy
describe('every operation of the contract', { timeout: 240_000 }, () => {
  it('without a token answers errCode 4 (public operations excepted)', async () => {
    const wrong: string[] = [];
    for (const op of OPERATIONS) {
      if (op.roles.length === 0) continue;
      const answer = await send(op, null, 'empty');
      if (answer.body.errCode !== 4 || answer.status !== 401) {
        wrong.push(`${op.operationId} → ${answer.status} ${JSON.stringify(answer.body)}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('for every role outside its x-roles answers errCode 5', async () => {
    const wrong: string[] = [];
    let checked = 0;
    for (const op of OPERATIONS) {
      for (const role of refusedRoles(op)) {
        checked++;
        const answer = await send(op, sessions[role], 'empty');
        if (answer.body.errCode !== 5 || answer.status !== 403) {
          wrong.push(`${op.operationId} as ${role} → ${answer.status} ${JSON.stringify(answer.body)}`);
        }
      }
    }
    expect(wrong).toEqual([]);
    expect(checked).toBeGreaterThan(1000);
  });

  it('with a malformed body or a control character in its input answers errCode 2 in Chinese', async () => {
    const wrong: string[] = [];
    for (const op of OPERATIONS) {
      const role = allowedRole(op);
      const session = role ? sessions[role] : null;
      const answers = [];
      if (op.body !== 'none') answers.push(await send(op, session, 'malformed'));
      if (op.path.includes('{')) {
        answers.push(await call(t.app, op.method, concrete(op.path, 'a%00b'), session ? { session } : {}));
      }
      for (const answer of answers) {
        if (answer.body.errCode !== 2 || answer.status !== 400 || !hasChinese(answer.body.errMsg)) {
          wrong.push(
            `${op.operationId} as ${role ?? 'anyone'} → ${answer.status} ${JSON.stringify(answer.body)}`,
          );
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('never answers 500, whatever a permitted caller sends', async () => {
    const wrong: string[] = [];
    for (const op of OPERATIONS) {
      const role = allowedRole(op);
      // logging out ends the session the other calls use: log out a session of its own
      const session =
        op.operationId === 'logout' ? await login(t.app, 'teacher2') : role ? sessions[role] : null;
      const answer = await send(op, session, 'empty');
      if (answer.status >= 500 && answer.status !== 501) {
        wrong.push(`${op.operationId} → ${answer.status} ${JSON.stringify(answer.body)}`);
      }
      if (!implemented.has(op.operationId as never) && answer.body.errCode !== 2) {
        if (answer.body.errCode !== 9 || !answer.body.errMsg.includes(op.summary)) {
          wrong.push(`${op.operationId} (not implemented) → ${answer.status} ${JSON.stringify(answer.body)}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });
});

describe('registration', () => {
  it('every area file under routes/ is served', async () => {
    const root = import.meta.dirname;
    const files = ['user', 'tms', 'resource', 'support', 'cms', 'node']
      .flatMap((dir) => {
        try {
          return readdirSync(path.join(root, dir)).map((name) => path.join(root, dir, name));
        } catch {
          return [];
        }
      })
      .filter((file) => file.endsWith('.ts') && !/\.(test|fixtures)\.ts$/.test(file));
    const exported: AreaEntry[] = [];
    for (const file of files) {
      const module = (await import(file)) as Record<string, unknown>;
      for (const value of Object.values(module)) {
        if (value && typeof value === 'object' && 'area' in value && 'registrations' in value) {
          exported.push(value as AreaEntry);
        }
      }
    }
    expect(exported.length).toBeGreaterThan(0);
    const forgotten = exported.filter((entry) => !AREAS.includes(entry)).map((entry) => entry.area);
    expect(forgotten).toEqual([]);
  });

  it('an area registers only its own operations, each once', () => {
    const seen = new Set<string>();
    const strays: string[] = [];
    for (const entry of AREAS) {
      for (const id of Object.keys(entry.registrations)) {
        const op = OPERATIONS.find((o) => o.operationId === id);
        if (!op || op.area !== entry.area || seen.has(id)) strays.push(`${entry.area}: ${id}`);
        seen.add(id);
      }
    }
    expect(strays).toEqual([]);
  });

  it('counts operations and implemented ones per service', () => {
    const rows = coverage(implemented);
    expect(rows.reduce((n, r) => n + r.operations, 0)).toBe(OPERATIONS.length);
    expect(rows.reduce((n, r) => n + r.implemented, 0)).toBe(implemented.size);
    expect(rows.find((r) => r.service === 'tms')?.implemented).toBeGreaterThanOrEqual(71);
  });
});
