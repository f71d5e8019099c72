import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { beforeEach, describe, expect, it } from 'vitest';
import { serviceContext } from '../app';
import { users } from '../db/schema/identity';
import { schoolMembers, schools } from '../db/schema/school';
import { call, createTestApp, login, type Session, type TestApp } from '../testing/index';
import { allow } from './auth';
import { errorResponse, ok } from './envelope';
import type { AppEnv } from '../routes/hono-env';
import type { Role } from './roles';

let t: TestApp;
let app: Hono<AppEnv>;

beforeEach(async () => {
  t = await createTestApp();
  // a probe route per role set, as a real route would declare them
  app = new Hono<AppEnv>();
  app.use('*', serviceContext({ db: t.db, clock: t.clock, config: t.config }));
  const probes: Record<string, Role[]> = {
    public: [],
    user: ['user'],
    admin: ['admin'],
    groupAdmin: ['groupAdmin'],
    teacher: ['teacher'],
    student: ['student'],
    manager: ['schoolManager'],
    teacherOrAdmin: ['teacher', 'admin'],
  };
  for (const [name, roles] of Object.entries(probes)) {
    app.get(`/${name}`, allow(...roles), (c) => ok(c, { userId: c.var.ctx.auth?.userId ?? null }));
    app.get(`/school/:schoolId/${name}`, allow(...roles), (c) => ok(c, null));
    app.post(`/body/${name}`, allow(...roles), async (c) => ok(c, await c.req.json()));
  }
  app.onError((error, c) => errorResponse(c, error, () => {}));
});

async function probe(path: string, session?: Session): Promise<number> {
  const response = await app.request(path, { headers: session?.headers ?? {} });
  return ((await response.json()) as { errCode: number }).errCode;
}

describe('allow(...roles)', () => {
  it('lets anyone through a public route and only logged-in callers through the others', async () => {
    expect(await probe('/public')).toBe(0);
    for (const path of ['/user', '/admin', '/teacher']) expect(await probe(path)).toBe(4);
  });

  it('checks global roles', async () => {
    const admin = await login(t.app, 'admin');
    const groupAdmin = await login(t.app, 'groupadmin');
    const teacher = await login(t.app, 'teacher1');
    expect([
      await probe('/user', admin),
      await probe('/admin', admin),
      await probe('/groupAdmin', admin),
    ]).toEqual([0, 0, 5]);
    expect([await probe('/admin', groupAdmin), await probe('/groupAdmin', groupAdmin)]).toEqual([5, 0]);
    expect([await probe('/admin', teacher), await probe('/teacherOrAdmin', admin)]).toEqual([5, 0]);
  });

  it('checks school roles in the current school when the request names none', async () => {
    const teacher = await login(t.app, 'teacher1');
    const student = await login(t.app, 'student01');
    const manager = await login(t.app, 'manager');
    expect([await probe('/teacher', teacher), await probe('/student', teacher)]).toEqual([0, 5]);
    expect([await probe('/teacher', student), await probe('/student', student)]).toEqual([5, 0]);
    expect([await probe('/manager', manager), await probe('/teacher', manager)]).toEqual([0, 5]);

    // a teacher who is also a student holds both roles there
    const [row] = await t.db.select({ id: users.id }).from(users).where(eq(users.userName, 'teacher1'));
    await t.db.insert(schoolMembers).values({ schoolId: 1, userId: row?.id ?? 0, role: 'student' });
    await call(t.app, 'GET', '/clientUser/userLogin/1/student', { session: teacher });
    expect([await probe('/teacher', teacher), await probe('/student', teacher)]).toEqual([0, 0]);
    // an account without a school holds no school role
    expect(await probe('/teacher', await login(t.app, 'admin'))).toBe(5);
  });

  it('checks school roles in the school named by the path or the body', async () => {
    const [other] = await t.db
      .insert(schools)
      .values({ name: '其他学校', createdAt: 0 })
      .returning({ id: schools.id });
    const teacher = await login(t.app, 'teacher1');
    expect(await probe('/school/1/teacher', teacher)).toBe(0);
    expect(await probe(`/school/${other?.id}/teacher`, teacher)).toBe(5);
    expect(await probe('/school/999/teacher', teacher)).toBe(5);
    expect(await probe('/school/abc/teacher', teacher)).toBe(5);

    const post = async (schoolId: unknown) => {
      const response = await app.request('/body/teacher', {
        method: 'POST',
        headers: { ...teacher.headers, 'Content-Type': 'application/json' },
        body: JSON.stringify({ schoolId, note: '正文' }),
      });
      return (await response.json()) as { errCode: number; data: unknown };
    };
    // the handler still reads the body the middleware looked at
    expect(await post('1')).toMatchObject({ errCode: 0, data: { schoolId: '1', note: '正文' } });
    expect((await post(String(other?.id))).errCode).toBe(5);
  });
});
