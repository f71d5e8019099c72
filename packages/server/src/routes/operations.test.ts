import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing';
import { call } from '../testing/http';
import { coverage, implementedKeys, matchOperation, operationKey } from './operations';
import { OPERATIONS } from './operations.gen';
import { serviceRoutes } from './services';

const implemented = implementedKeys(serviceRoutes());
const concrete = (path: string) => path.replace(/\{[^}]+\}/g, (_, i: number) => `x${i}`);

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

describe('the contract and the server', () => {
  it('every route the server implements is an operation of the specs', () => {
    const specKeys = new Set(OPERATIONS.map((op) => operationKey(op.method, op.path)));
    const strays = [...implemented].filter((key) => !specKeys.has(key));
    expect(strays).toEqual([]);
  });

  it("every operation's own path leads to that operation", () => {
    const wrong = OPERATIONS.filter((op) => matchOperation(op.method, concrete(op.path)) !== op).map(
      (op) => `${op.method} ${op.path}`,
    );
    expect(wrong).toEqual([]);
  });

  it('every operation not implemented yet answers HTTP 501 with errCode 9 and its name, whoever asks', async () => {
    const missing = OPERATIONS.filter((op) => !implemented.has(operationKey(op.method, op.path)));
    const problems: string[] = [];
    for (const op of missing) {
      const answer = await call(t.app, op.method, concrete(op.path), op.method === 'GET' ? {} : { body: {} });
      if (answer.status !== 501 || answer.body.errCode !== 9 || !answer.body.errMsg.includes(op.summary)) {
        problems.push(`${op.method} ${op.path} → ${answer.status} ${JSON.stringify(answer.body)}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('an implemented operation never answers not-implemented', async () => {
    const answer = await call(t.app, 'POST', '/user/login', { body: { account: 'teacher1' } });
    expect(answer.status).toBe(400);
    expect(answer.body.errCode).toBe(2);
  });

  it('counts operations and implemented ones per service', () => {
    const rows = coverage(implemented);
    const total = rows.reduce((n, r) => n + r.operations, 0);
    expect(total).toBe(OPERATIONS.length);
    expect(rows.reduce((n, r) => n + r.implemented, 0)).toBe(implemented.size);
    expect(rows.find((r) => r.service === 'user')?.implemented).toBeGreaterThanOrEqual(4);
  });
});
