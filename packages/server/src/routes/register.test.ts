import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { users } from '../db/schema/identity';
import { schoolMembers, schools } from '../db/schema/school';
import { call, createTestApp, login, type TestApp } from '../testing/index';

// The registration's own rules, on real operations: whose roles count where. The generated
// test (operations.test.ts) covers every operation's refusals; this one what gets through.

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});

const courseList = (schoolId: unknown) => ({ schoolId, pageIndex: 1, pageSize: 10 });

describe('roles of a registered operation', () => {
  it('checks global roles', async () => {
    const admin = await login(t.app, 'admin');
    const groupAdmin = await login(t.app, 'groupadmin');
    const teacher = await login(t.app, 'teacher1');
    const groups = { pageIndex: 1, pageSize: 10 };
    // userGroupSchoolSave is admin only; userGroupList admits group admins too
    expect(
      (await call(t.app, 'POST', '/usergroupinfo/v1/school/save', { session: groupAdmin, body: {} })).body
        .errCode,
    ).toBe(5);
    expect(
      (await call(t.app, 'POST', '/usergroupinfo/v1/list', { session: groupAdmin, body: groups })).body
        .errCode,
    ).toBe(0);
    expect(
      (await call(t.app, 'POST', '/usergroupinfo/v1/list', { session: admin, body: groups })).body.errCode,
    ).toBe(0);
    expect(
      (await call(t.app, 'POST', '/usergroupinfo/v1/school/save', { session: teacher, body: {} })).body
        .errCode,
    ).toBe(5);
  });

  it('checks school roles in the current school when the request names none ("0")', async () => {
    const teacher = await login(t.app, 'teacher1');
    const student = await login(t.app, 'student01');
    const list = (session: typeof teacher) =>
      call(t.app, 'POST', '/tms-server/courseMgr/getCourseList', { session, body: courseList('0') });
    expect((await list(teacher)).body.errCode).toBe(0);
    expect((await list(student)).body.errCode).toBe(5);
    // an account without a school holds no school role
    expect((await list(await login(t.app, 'admin'))).body.errCode).toBe(5);

    // a teacher who is also a student there holds both roles
    const [row] = await t.db.select({ id: users.id }).from(users).where(eq(users.userName, 'teacher1'));
    await t.db.insert(schoolMembers).values({ schoolId: 1, userId: row?.id ?? 0, role: 'student' });
    await call(t.app, 'GET', '/clientUser/userLogin/1/student', { session: teacher });
    const mine = await call(t.app, 'POST', '/tms-server/myCourse/getStudentCourseList', {
      session: teacher,
      body: courseList('1'),
    });
    expect(mine.body.errCode).toBe(0);
    expect((await list(teacher)).body.errCode).toBe(0);
  });

  it('checks school roles in the school named by the path or the body', async () => {
    const [other] = await t.db
      .insert(schools)
      .values({ name: '其他学校', createdAt: 0 })
      .returning({ id: schools.id });
    const teacher = await login(t.app, 'teacher1');
    const section = (schoolId: string) =>
      call(t.app, 'GET', `/tms-server/courseMgr/getCourseSection/${schoolId}/999999`, { session: teacher });
    expect((await section('1')).body.errCode).toBe(6); // allowed in: the course does not exist
    for (const schoolId of [String(other?.id), '999', 'abc'])
      expect((await section(schoolId)).body.errCode).toBe(5);

    const list = (schoolId: unknown) =>
      call(t.app, 'POST', '/tms-server/courseMgr/getCourseList', {
        session: teacher,
        body: courseList(schoolId),
      });
    expect((await list('1')).body.errCode).toBe(0);
    expect((await list(String(other?.id))).body.errCode).toBe(5);
  });
});
