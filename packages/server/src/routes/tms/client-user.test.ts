import {
  zClientUserLoginResponse,
  zGetClientSchoolListResponse,
  zGetClientUserLoginResponse,
  zGetUsersSchoolsResponse,
} from '@dfrm/sdk/tms/zod';
import { and, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/identity';
import { schoolMembers, schools } from '../../db/schema/school';
import { call, createTestApp, DEMO_SCHOOL, login, type Session, type TestApp } from '../../testing/index';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});

async function userIdOf(userName: string): Promise<number> {
  const [row] = await t.db.select({ id: users.id }).from(users).where(eq(users.userName, userName));
  if (!row) throw new Error(userName);
  return row.id;
}

/** A second school where only teacher2 teaches. */
async function addOtherSchool(): Promise<string> {
  const [school] = await t.db
    .insert(schools)
    .values({ name: '其他学校', createdAt: t.clock.now() })
    .returning({ id: schools.id });
  if (!school) throw new Error('school');
  await t.db
    .insert(schoolMembers)
    .values({ schoolId: school.id, userId: await userIdOf('teacher2'), role: 'teacher' });
  return String(school.id);
}

const current = (session: Session) => call(t.app, 'GET', '/clientUser/v2/userLogin', { session });
const choose = (session: Session, schoolId: string, role: string) =>
  call(t.app, 'GET', `/clientUser/userLogin/${schoolId}/${role}`, { session });

describe('GET /clientUser/getClientSchoolList', () => {
  it('lists the schools of the caller with their roles there', async () => {
    const otherId = await addOtherSchool();
    const teacher2 = await login(t.app, 'teacher2');
    const answer = await call(t.app, 'GET', '/clientUser/getClientSchoolList', { session: teacher2 });
    expect(answer.body.errCode).toBe(0);
    expect(zGetClientSchoolListResponse.parse(answer.body.data)).toEqual([
      { schoolId: '1', schoolName: DEMO_SCHOOL.name, roles: ['teacher'] },
      { schoolId: otherId, schoolName: '其他学校', roles: ['teacher'] },
    ]);
    // teacher1 does not see the other school
    const teacher1 = await login(t.app, 'teacher1');
    const own = await call(t.app, 'GET', '/clientUser/getClientSchoolList', { session: teacher1 });
    expect(own.body.data).toEqual([{ schoolId: '1', schoolName: DEMO_SCHOOL.name, roles: ['teacher'] }]);
  });

  it('is empty for an account without a school and needs a login', async () => {
    const admin = await login(t.app, 'admin');
    expect(
      (await call(t.app, 'GET', '/clientUser/getClientSchoolList', { session: admin })).body.data,
    ).toEqual([]);
    const anonymous = await call(t.app, 'GET', '/clientUser/getClientSchoolList');
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toEqual({ errCode: 4, errMsg: '请先登录', data: null });
  });
});

describe('GET /clientUser/v2/userLogin', () => {
  it('defaults to the first school and role of the caller', async () => {
    const student = await login(t.app, 'student01');
    const answer = await current(student);
    expect(zGetClientUserLoginResponse.parse(answer.body.data)).toEqual({
      schoolId: '1',
      schoolName: DEMO_SCHOOL.name,
      name: '陈思远',
      type: 'student',
      roles: ['student'],
    });
    const manager = await login(t.app, 'manager');
    expect((await current(manager)).body.data).toMatchObject({
      type: 'schoolManager',
      roles: ['schoolManager'],
    });
  });

  it('prefers teacher over student when the caller is both', async () => {
    await t.db
      .insert(schoolMembers)
      .values({ schoolId: 1, userId: await userIdOf('teacher1'), role: 'student' });
    const teacher = await login(t.app, 'teacher1');
    expect((await current(teacher)).body.data).toMatchObject({
      type: 'teacher',
      roles: ['teacher', 'student'],
    });
  });

  it('answers school "0" and no role for an account without a school', async () => {
    const admin = await login(t.app, 'admin');
    expect((await current(admin)).body.data).toEqual({
      schoolId: '0',
      schoolName: '',
      name: '赵建国',
      type: null,
      roles: [],
    });
  });

  it('falls back to the account name without a real name, and needs a login', async () => {
    await t.db.update(users).set({ realName: '' }).where(eq(users.userName, 'teacher2'));
    const teacher = await login(t.app, 'teacher2');
    expect((await current(teacher)).body.data).toMatchObject({ name: 'teacher2' });
    expect((await call(t.app, 'GET', '/clientUser/v2/userLogin')).body.errCode).toBe(4);
  });
});

describe('GET /clientUser/userLogin/{schoolId}/{role}', () => {
  it('switches the role and remembers it across logins', async () => {
    await t.db
      .insert(schoolMembers)
      .values({ schoolId: 1, userId: await userIdOf('teacher1'), role: 'student' });
    const first = await login(t.app, 'teacher1');
    const answer = await choose(first, '1', 'student');
    expect(answer.body.errCode).toBe(0);
    expect(zClientUserLoginResponse.parse(answer.body.data)).toMatchObject({
      schoolId: '1',
      type: 'student',
      roles: ['teacher', 'student'],
    });
    const again = await login(t.app, 'teacher1');
    expect((await current(again)).body.data).toMatchObject({ type: 'student' });
  });

  it('forgets a remembered role the user no longer holds', async () => {
    const userId = await userIdOf('teacher1');
    await t.db.insert(schoolMembers).values({ schoolId: 1, userId, role: 'student' });
    const session = await login(t.app, 'teacher1');
    await choose(session, '1', 'student');
    await t.db
      .delete(schoolMembers)
      .where(and(eq(schoolMembers.userId, userId), eq(schoolMembers.role, 'student')));
    expect((await current(session)).body.data).toMatchObject({ type: 'teacher', roles: ['teacher'] });
  });

  it('refuses a role the caller lacks, and another school', async () => {
    const otherId = await addOtherSchool();
    const teacher = await login(t.app, 'teacher1');
    for (const [schoolId, role] of [
      ['1', 'student'],
      ['1', 'schoolManager'],
      [otherId, 'teacher'],
    ] as const) {
      const answer = await choose(teacher, schoolId, role);
      expect(answer.status).toBe(403);
      expect(answer.body).toEqual({ errCode: 5, errMsg: '您在该学校没有此身份', data: null });
    }
    expect((await current(teacher)).body.data).toMatchObject({ schoolId: '1', type: 'teacher' });
  });

  it('answers not found for a school that does not exist', async () => {
    const teacher = await login(t.app, 'teacher1');
    for (const schoolId of ['999', 'abc', '0']) {
      const answer = await choose(teacher, schoolId, 'teacher');
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual({ errCode: 6, errMsg: '学校不存在', data: null });
    }
  });

  it('names a bad role in Chinese and needs a login', async () => {
    const teacher = await login(t.app, 'teacher1');
    expect((await choose(teacher, '1', 'boss')).body).toEqual({
      errCode: 2,
      errMsg: '参数 role 取值不正确，可选值：teacher、student、schoolManager',
      data: null,
    });
    expect((await choose(teacher, 'x'.repeat(65), 'teacher')).body).toEqual({
      errCode: 2,
      errMsg: '参数 schoolId 长度不能超过 64 个字符',
      data: null,
    });
    const anonymous = await call(t.app, 'GET', '/clientUser/userLogin/1/teacher');
    expect(anonymous.body.errCode).toBe(4);
  });
});

describe('POST /clientUser/user/school/get', () => {
  const ask = (session: Session | null, body: unknown) =>
    call(t.app, 'POST', '/clientUser/user/school/get', { session, body });

  it('answers an admin the schools and roles of each user, in the order asked, each once', async () => {
    const otherId = await addOtherSchool();
    const manager = await userIdOf('manager');
    await t.db.insert(schoolMembers).values({ schoolId: 1, userId: manager, role: 'teacher' });
    const teacher2 = String(await userIdOf('teacher2'));
    const student = String(await userIdOf('student01'));
    const admin = String(await userIdOf('admin'));
    const caller = await login(t.app, 'admin');
    const answer = await ask(caller, {
      userIds: [teacher2, student, String(manager), admin, '987654', 'abc', teacher2],
    });
    expect(answer.body.errCode).toBe(0);
    expect(zGetUsersSchoolsResponse.parse(answer.body.data)).toEqual([
      {
        userId: teacher2,
        schools: [
          { schoolId: '1', schoolName: DEMO_SCHOOL.name, roles: ['teacher'] },
          { schoolId: otherId, schoolName: '其他学校', roles: ['teacher'] },
        ],
      },
      { userId: student, schools: [{ schoolId: '1', schoolName: DEMO_SCHOOL.name, roles: ['student'] }] },
      {
        userId: String(manager),
        schools: [{ schoolId: '1', schoolName: DEMO_SCHOOL.name, roles: ['teacher', 'schoolManager'] }],
      },
      { userId: admin, schools: [] },
      { userId: '987654', schools: [] },
      { userId: 'abc', schools: [] },
    ]);
  });

  it('tells a student only about themselves', async () => {
    const ids = await Promise.all(['student16', 'teacher1', 'manager', 'student01'].map(userIdOf));
    const caller = await login(t.app, 'student16');
    const answer = await ask(caller, { userIds: ids.map(String) });
    expect(zGetUsersSchoolsResponse.parse(answer.body.data)).toEqual([
      {
        userId: String(ids[0]),
        schools: [{ schoolId: '1', schoolName: DEMO_SCHOOL.name, roles: ['student'] }],
      },
      { userId: String(ids[1]), schools: [] },
      { userId: String(ids[2]), schools: [] },
      { userId: String(ids[3]), schools: [] },
    ]);
  });

  it('tells a teacher or manager about the users of their own schools only', async () => {
    const otherId = await addOtherSchool();
    const teacher2 = String(await userIdOf('teacher2'));
    const student = String(await userIdOf('student01'));
    const [row] = await t.db
      .insert(users)
      .values({ userName: 'outsider', passwordHash: '', createdAt: 0 })
      .returning({ id: users.id });
    const outsider = row?.id ?? 0;
    await t.db.insert(schoolMembers).values({ schoolId: Number(otherId), userId: outsider, role: 'student' });
    for (const who of ['teacher1', 'manager']) {
      const answer = await ask(await login(t.app, who), { userIds: [teacher2, student, String(outsider)] });
      expect(zGetUsersSchoolsResponse.parse(answer.body.data)).toEqual([
        // teacher2 also teaches in the other school, which the caller has nothing to do with
        { userId: teacher2, schools: [{ schoolId: '1', schoolName: DEMO_SCHOOL.name, roles: ['teacher'] }] },
        { userId: student, schools: [{ schoolId: '1', schoolName: DEMO_SCHOOL.name, roles: ['student'] }] },
        { userId: String(outsider), schools: [] },
      ]);
    }
    // teacher2 teaches there, so sees the other school's student
    const answer = await ask(await login(t.app, 'teacher2'), { userIds: [String(outsider)] });
    expect(zGetUsersSchoolsResponse.parse(answer.body.data)).toEqual([
      {
        userId: String(outsider),
        schools: [{ schoolId: otherId, schoolName: '其他学校', roles: ['student'] }],
      },
    ]);
  });

  it('refuses an empty or too long list in Chinese, and anonymous callers', async () => {
    const caller = await login(t.app, 'teacher1');
    expect((await ask(caller, { userIds: [] })).body).toEqual({
      errCode: 2,
      errMsg: '参数 userIds 至少需要 1 项',
      data: null,
    });
    const many = Array.from({ length: 201 }, (_, i) => String(i + 1));
    expect((await ask(caller, { userIds: many })).body).toEqual({
      errCode: 2,
      errMsg: '参数 userIds 最多 200 项',
      data: null,
    });
    expect((await ask(caller, {})).body).toEqual({ errCode: 2, errMsg: '参数 userIds 不能为空', data: null });
    expect((await ask(null, { userIds: ['1'] })).body.errCode).toBe(4);
  });
});
