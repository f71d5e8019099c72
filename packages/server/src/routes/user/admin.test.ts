import {
  zAdminResetUserPasswordResponse,
  zAdminSchoolListResponse,
  zAdminSchoolSaveResponse,
  zGetUserAttachInfoResponse,
  zSearchUsersResponse,
} from '@dfrm/sdk/user/zod';
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/identity';
import { classes, colleges, grades, majors, schoolMembers, schools } from '../../db/schema/school';
import {
  call,
  createTestApp,
  DEMO_ACCOUNTS,
  DEMO_SCHOOL,
  demoPassword,
  login,
  type Session,
  type TestApp,
} from '../../testing/index';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});

const post = (session: Session | null, path: string, body: unknown) =>
  call(t.app, 'POST', path, { session, body });

const countOf = (role: string) => DEMO_ACCOUNTS.filter((account) => account.role === role).length;

async function userIdOf(userName: string): Promise<string> {
  const [row] = await t.db.select({ id: users.id }).from(users).where(eq(users.userName, userName));
  if (!row) throw new Error(`no user ${userName}`);
  return String(row.id);
}

/** Each admin operation refuses the school roles and the group admin with errCode 5. */
async function expectRefusedToNonAdmins(path: string, body: unknown) {
  for (const account of [
    'teacher1',
    'manager',
    'groupadmin',
    DEMO_ACCOUNTS.find((a) => a.role === 'student')?.userName ?? '',
  ]) {
    const session = await login(t.app, account);
    const answer = await post(session, path, body);
    expect(answer.status, account).toBe(403);
    expect(answer.body.errCode, account).toBe(5);
  }
}

describe('POST /user/admin/school/list', () => {
  const path = '/user/admin/school/list';

  it('lists every school with its head counts for an admin', async () => {
    const admin = await login(t.app, 'admin');
    const [other] = await t.db.insert(schools).values({ name: '第二实验学校', createdAt: 5 }).returning();
    const answer = await post(admin, path, { pageIndex: 1, pageSize: 20 });
    expect(answer.body.errCode).toBe(0);
    const page = zAdminSchoolListResponse.parse(answer.body.data);
    expect(page.total).toBe(2);
    expect(page.list).toEqual([
      {
        schoolId: String(DEMO_SCHOOL.id),
        name: DEMO_SCHOOL.name,
        createdAt: expect.any(Number),
        teacherCount: countOf('teacher'),
        studentCount: countOf('student'),
        managerCount: countOf('schoolManager'),
        classCount: DEMO_SCHOOL.classes.length,
      },
      {
        schoolId: String(other?.id),
        name: '第二实验学校',
        createdAt: 5,
        teacherCount: 0,
        studentCount: 0,
        managerCount: 0,
        classCount: 0,
      },
    ]);
  });

  it('filters by keyword and pages', async () => {
    const admin = await login(t.app, 'admin');
    await t.db.insert(schools).values([
      { name: '北方财经大学', createdAt: 1 },
      { name: '南方财经大学', createdAt: 2 },
      { name: '东方理工学院', createdAt: 3 },
    ]);
    const page = zAdminSchoolListResponse.parse(
      (await post(admin, path, { pageIndex: 2, pageSize: 1, keyword: '财经' })).body.data,
    );
    expect(page).toEqual({ total: 2, list: [expect.objectContaining({ name: '南方财经大学' })] });
    // wildcard characters are taken literally
    const none = (await post(admin, path, { pageIndex: 1, pageSize: 10, keyword: '%' })).body.data;
    expect(none).toEqual({ total: 0, list: [] });
  });

  it('counts a school’s own classes and members only', async () => {
    const admin = await login(t.app, 'admin');
    const [other] = await t.db.insert(schools).values({ name: '第二学校', createdAt: 1 }).returning();
    const schoolId = other?.id ?? 0;
    const [college] = await t.db.insert(colleges).values({ schoolId, name: '学院' }).returning();
    const [major] = await t.db
      .insert(majors)
      .values({ schoolId, collegeId: college?.id ?? 0, name: '专业' })
      .returning();
    const [grade] = await t.db.insert(grades).values({ schoolId, name: '2026级' }).returning();
    await t.db.insert(classes).values({
      schoolId,
      collegeId: college?.id ?? 0,
      majorId: major?.id ?? 0,
      gradeId: grade?.id ?? 0,
      name: '一班',
    });
    // teacher1 teaches here too and also manages it
    const teacherId = Number(await userIdOf('teacher1'));
    await t.db.insert(schoolMembers).values([
      { schoolId, userId: teacherId, role: 'teacher' },
      { schoolId, userId: teacherId, role: 'schoolManager' },
    ]);
    const page = zAdminSchoolListResponse.parse(
      (await post(admin, path, { pageIndex: 1, pageSize: 10, keyword: '第二' })).body.data,
    );
    expect(page.list[0]).toMatchObject({ teacherCount: 1, managerCount: 1, studentCount: 0, classCount: 1 });
  });

  it('is refused to everyone but an admin', async () => {
    await expectRefusedToNonAdmins(path, { pageIndex: 1, pageSize: 10 });
    expect((await post(null, path, { pageIndex: 1, pageSize: 10 })).body.errCode).toBe(4);
  });

  it('names bad paging in Chinese', async () => {
    const admin = await login(t.app, 'admin');
    const answer = await post(admin, path, { pageIndex: 1, pageSize: 201 });
    expect(answer.body.errCode).toBe(2);
    expect(answer.body.errMsg).toContain('pageSize');
  });
});

describe('POST /user/admin/school/save and /rename', () => {
  it('creates a school with zero counts, trimmed, and refuses a duplicate name', async () => {
    const admin = await login(t.app, 'admin');
    const answer = await post(admin, '/user/admin/school/save', { name: '  新建大学 ' });
    expect(answer.body.errCode).toBe(0);
    const school = zAdminSchoolSaveResponse.parse(answer.body.data);
    expect(school).toMatchObject({ name: '新建大学', teacherCount: 0, studentCount: 0, classCount: 0 });
    const twin = await post(admin, '/user/admin/school/save', { name: '新建大学' });
    expect(twin.status).toBe(409);
    expect(twin.body).toEqual({ errCode: 7, errMsg: '学校名称已存在', data: null });
    const demoTwin = await post(admin, '/user/admin/school/save', { name: ` ${DEMO_SCHOOL.name}` });
    expect(demoTwin.body.errCode).toBe(7);
    const list = zAdminSchoolListResponse.parse(
      (await post(admin, '/user/admin/school/list', { pageIndex: 1, pageSize: 10 })).body.data,
    );
    expect(list.list.map((entry) => entry.name)).toEqual([DEMO_SCHOOL.name, '新建大学']);
  });

  it('renames a school, refusing another school’s name and unknown ids', async () => {
    const admin = await login(t.app, 'admin');
    const created = zAdminSchoolSaveResponse.parse(
      (await post(admin, '/user/admin/school/save', { name: '旧名学院' })).body.data,
    );
    const renamed = await post(admin, '/user/admin/school/rename', {
      schoolId: created.schoolId,
      name: '新名学院',
    });
    expect(renamed.body.data).toMatchObject({ schoolId: created.schoolId, name: '新名学院' });
    // its own name again is fine
    expect(
      (await post(admin, '/user/admin/school/rename', { schoolId: created.schoolId, name: '新名学院' })).body
        .errCode,
    ).toBe(0);
    const clash = await post(admin, '/user/admin/school/rename', {
      schoolId: created.schoolId,
      name: DEMO_SCHOOL.name,
    });
    expect(clash.body).toEqual({ errCode: 7, errMsg: '学校名称已存在', data: null });
    for (const schoolId of ['999999', 'abc']) {
      expect((await post(admin, '/user/admin/school/rename', { schoolId, name: '某校' })).body).toEqual({
        errCode: 6,
        errMsg: '学校不存在',
        data: null,
      });
    }
  });

  it('names an empty or too long name in Chinese', async () => {
    const admin = await login(t.app, 'admin');
    expect((await post(admin, '/user/admin/school/save', { name: '   ' })).body).toEqual({
      errCode: 2,
      errMsg: '学校名称不能为空',
      data: null,
    });
    const tooLong = await post(admin, '/user/admin/school/save', { name: '校'.repeat(65) });
    expect(tooLong.body.errCode).toBe(2);
    expect(tooLong.body.errMsg).toContain('name');
    const missing = await post(admin, '/user/admin/school/rename', { name: '某校' });
    expect(missing.body.errCode).toBe(2);
    expect(missing.body.errMsg).toContain('schoolId');
  });

  it('is refused to everyone but an admin', async () => {
    await expectRefusedToNonAdmins('/user/admin/school/save', { name: '越权学校' });
    await expectRefusedToNonAdmins('/user/admin/school/rename', { schoolId: '1', name: '越权学校' });
    const [row] = await t.db.select().from(schools).where(eq(schools.name, '越权学校'));
    expect(row).toBeUndefined();
  });
});

describe('POST /user/admin/user/resetPassword', () => {
  const path = '/user/admin/user/resetPassword';

  it('gives a temporary password once; old sessions and password end; the user must change it', async () => {
    const admin = await login(t.app, 'admin');
    const teacher = await login(t.app, 'teacher1');
    const answer = await post(admin, path, { userId: teacher.userId });
    expect(answer.body.errCode).toBe(0);
    const reset = zAdminResetUserPasswordResponse.parse(answer.body.data);
    expect(reset.userName).toBe('teacher1');
    expect(reset.temporaryPassword).toMatch(/^(?=.*[A-Z])(?=.*[a-z])(?=.*\d)[A-Za-z\d]{12}$/);

    // the old session is gone
    expect((await post(teacher, '/user/islogin?token=' + teacher.token, undefined)).body.errCode).toBe(4);
    // the old password no longer works
    const old = await call(t.app, 'POST', '/user/login', {
      body: { account: 'teacher1', password: demoPassword(), productId: 7 },
    });
    expect(old.body).toMatchObject({ errCode: 1, errMsg: '账号或密码错误' });
    const fresh = await call<{ mustChangePassword: boolean; token: string; userId: string }>(
      t.app,
      'POST',
      '/user/login',
      { body: { account: 'teacher1', password: reset.temporaryPassword, productId: 7 } },
    );
    expect(fresh.body.errCode).toBe(0);
    expect(fresh.body.data.mustChangePassword).toBe(true);
    const session: Session = {
      token: fresh.body.data.token,
      userId: fresh.body.data.userId,
      headers: { token: fresh.body.data.token, userId: fresh.body.data.userId },
    };
    // nothing else until the password is changed
    expect(
      (await post(session, '/user/user/search', { pageIndex: 1, pageSize: 10, schoolId: '1' })).body,
    ).toMatchObject({ errCode: 1, errMsg: '请先修改初始密码' });
    const changed = await post(session, '/user/change/password', {
      oldPassword: reset.temporaryPassword,
      newPassword: 'MyOwnPass2026',
    });
    expect(changed.body.errCode).toBe(0);
    const again = await call<{ mustChangePassword: boolean }>(t.app, 'POST', '/user/login', {
      body: { account: 'teacher1', password: 'MyOwnPass2026', productId: 7 },
    });
    expect(again.body.data.mustChangePassword).toBe(false);
  });

  it('gives a different password each time', async () => {
    const admin = await login(t.app, 'admin');
    const id = await userIdOf('teacher2');
    const first = zAdminResetUserPasswordResponse.parse((await post(admin, path, { userId: id })).body.data);
    const second = zAdminResetUserPasswordResponse.parse((await post(admin, path, { userId: id })).body.data);
    expect(first.temporaryPassword).not.toBe(second.temporaryPassword);
  });

  it('refuses an admin’s password, the caller’s own included', async () => {
    const admin = await login(t.app, 'admin');
    expect((await post(admin, path, { userId: admin.userId })).body).toEqual({
      errCode: 1,
      errMsg: '不能重置自己的密码，请在“修改密码”中修改',
      data: null,
    });
    const [other] = await t.db
      .insert(users)
      .values({ userName: 'admin2', passwordHash: 'x', isAdmin: true, createdAt: 0 })
      .returning();
    expect((await post(admin, path, { userId: String(other?.id) })).body).toEqual({
      errCode: 1,
      errMsg: '不能重置平台管理员的密码',
      data: null,
    });
  });

  it('answers errCode 6 for an unknown user and 2 naming a bad field', async () => {
    const admin = await login(t.app, 'admin');
    for (const userId of ['999999', 'nobody']) {
      expect((await post(admin, path, { userId })).body).toEqual({
        errCode: 6,
        errMsg: '用户不存在',
        data: null,
      });
    }
    const bad = await post(admin, path, { userId: 5 });
    expect(bad.body.errCode).toBe(2);
    expect(bad.body.errMsg).toContain('userId');
  });

  it('is refused to everyone but an admin, and the password stays', async () => {
    const id = await userIdOf('teacher2');
    await expectRefusedToNonAdmins(path, { userId: id });
    await login(t.app, 'teacher2');
  });
});

describe('POST /user/admin/user/setDisabled', () => {
  const path = '/user/admin/user/setDisabled';

  it('disables: sessions end and login is refused in Chinese; enabling lets the user back in', async () => {
    const admin = await login(t.app, 'admin');
    const teacher = await login(t.app, 'teacher1');
    const answer = await post(admin, path, { userId: teacher.userId, disabled: true });
    expect(answer.body).toEqual({
      errCode: 0,
      errMsg: 'success',
      data: { userId: teacher.userId, disabled: true },
    });
    expect((await post(teacher, '/user/islogin?token=' + teacher.token, undefined)).body.errCode).toBe(4);
    const refused = await call(t.app, 'POST', '/user/login', {
      body: { account: 'teacher1', password: demoPassword(), productId: 7 },
    });
    expect(refused.body).toEqual({ errCode: 1, errMsg: '账号已被停用，请联系学校管理员', data: null });
    // a disabled account is hidden from search unless asked for
    const search = async (includeDisabled: boolean) =>
      zSearchUsersResponse.parse(
        (
          await post(admin, '/user/user/search', {
            pageIndex: 1,
            pageSize: 10,
            keyword: 'teacher1',
            includeDisabled,
          })
        ).body.data,
      );
    expect((await search(false)).total).toBe(0);
    expect((await search(true)).list[0]).toMatchObject({ userName: 'teacher1', disabled: true });

    expect((await post(admin, path, { userId: teacher.userId, disabled: false })).body.data).toEqual({
      userId: teacher.userId,
      disabled: false,
    });
    await login(t.app, 'teacher1');
  });

  it('refuses to disable oneself or another admin', async () => {
    const admin = await login(t.app, 'admin');
    expect((await post(admin, path, { userId: admin.userId, disabled: true })).body).toEqual({
      errCode: 1,
      errMsg: '不能停用自己的账号',
      data: null,
    });
    const [other] = await t.db
      .insert(users)
      .values({ userName: 'admin2', passwordHash: 'x', isAdmin: true, createdAt: 0 })
      .returning();
    expect((await post(admin, path, { userId: String(other?.id), disabled: true })).body).toEqual({
      errCode: 1,
      errMsg: '不能停用平台管理员账号',
      data: null,
    });
  });

  it('answers errCode 6 for an unknown user and 2 naming a bad field', async () => {
    const admin = await login(t.app, 'admin');
    expect((await post(admin, path, { userId: '999999', disabled: true })).body).toEqual({
      errCode: 6,
      errMsg: '用户不存在',
      data: null,
    });
    const bad = await post(admin, path, { userId: await userIdOf('teacher1'), disabled: 'yes' });
    expect(bad.body.errCode).toBe(2);
    expect(bad.body.errMsg).toContain('disabled');
  });

  it('is refused to everyone but an admin, and the account stays usable', async () => {
    const id = await userIdOf('teacher2');
    await expectRefusedToNonAdmins(path, { userId: id, disabled: true });
    await login(t.app, 'teacher2');
  });
});

describe('POST /user/user/search', () => {
  const path = '/user/user/search';

  it('lets an admin search every account by keyword, school and role with full phone numbers', async () => {
    const admin = await login(t.app, 'admin');
    const byName = zSearchUsersResponse.parse(
      (await post(admin, path, { pageIndex: 1, pageSize: 10, keyword: '李明华' })).body.data,
    );
    expect(byName).toEqual({
      total: 1,
      list: [
        expect.objectContaining({
          userName: 'teacher1',
          phoneNumber: '13800000001',
          disabled: false,
          schools: [{ schoolId: '1', schoolName: DEMO_SCHOOL.name, roles: ['teacher'] }],
        }),
      ],
    });
    const byPhone = zSearchUsersResponse.parse(
      (await post(admin, path, { pageIndex: 1, pageSize: 10, keyword: '1380000001' })).body.data,
    );
    expect(byPhone.list.map((user) => user.userName).sort()).toEqual(
      ['admin', 'groupadmin', 'manager'].sort(),
    );
    const teachers = zSearchUsersResponse.parse(
      (await post(admin, path, { pageIndex: 1, pageSize: 10, schoolId: '1', role: 'teacher' })).body.data,
    );
    expect(teachers.list.map((user) => user.userName)).toEqual(['teacher1', 'teacher2']);
    const everyone = zSearchUsersResponse.parse(
      (await post(admin, path, { pageIndex: 1, pageSize: 5 })).body.data,
    );
    expect(everyone.total).toBe(DEMO_ACCOUNTS.length);
    expect(everyone.list).toHaveLength(5);
  });

  it('lets a teacher search their own school only, with masked phones', async () => {
    const teacher = await login(t.app, 'teacher1');
    const page = zSearchUsersResponse.parse(
      (await post(teacher, path, { pageIndex: 1, pageSize: 10, schoolId: '1', keyword: 'teacher2' })).body
        .data,
    );
    expect(page.list[0]).toMatchObject({ userName: 'teacher2', phoneNumber: '138****0002' });
    const [other] = await t.db.insert(schools).values({ name: '别校', createdAt: 0 }).returning();
    for (const schoolId of [String(other?.id), undefined]) {
      const answer = await post(teacher, path, { pageIndex: 1, pageSize: 10, schoolId });
      expect(answer.body.errCode).toBe(5);
    }
  });

  it('lets a group admin search the schools of the groups they run', async () => {
    const groupAdmin = await login(t.app, 'groupadmin');
    const page = zSearchUsersResponse.parse(
      (await post(groupAdmin, path, { pageIndex: 1, pageSize: 10, schoolId: '1', role: 'teacher' })).body
        .data,
    );
    expect(page.list.map((user) => [user.userName, user.phoneNumber])).toEqual([
      ['teacher1', '138****0001'],
      ['teacher2', '138****0002'],
    ]);
    const [other] = await t.db.insert(schools).values({ name: '别校', createdAt: 0 }).returning();
    expect(
      (await post(groupAdmin, path, { pageIndex: 1, pageSize: 10, schoolId: String(other?.id) })).body
        .errCode,
    ).toBe(5);
  });

  it('refuses a student and names a role without a school', async () => {
    const student = DEMO_ACCOUNTS.find((account) => account.role === 'student')?.userName ?? '';
    expect(
      (await post(await login(t.app, student), path, { pageIndex: 1, pageSize: 10, schoolId: '1' })).body
        .errCode,
    ).toBe(5);
    const admin = await login(t.app, 'admin');
    expect((await post(admin, path, { pageIndex: 1, pageSize: 10, role: 'teacher' })).body).toEqual({
      errCode: 2,
      errMsg: '按角色筛选时须同时给出学校 schoolId',
      data: null,
    });
  });
});

describe('POST /user/user/attachInfo', () => {
  it('tells an admin without a school that they are an admin', async () => {
    const admin = await login(t.app, 'admin');
    const info = zGetUserAttachInfoResponse.parse((await post(admin, '/user/user/attachInfo', {})).body.data);
    expect(info).toMatchObject({ userName: 'admin', isAdmin: true, schools: [], currentSchool: null });
  });

  it('tells a teacher their school and that they are no admin', async () => {
    const teacher = await login(t.app, 'teacher1');
    const info = zGetUserAttachInfoResponse.parse(
      (await post(teacher, '/user/user/attachInfo', {})).body.data,
    );
    expect(info).toMatchObject({
      isAdmin: false,
      schools: [{ schoolId: '1', schoolName: DEMO_SCHOOL.name, roles: ['teacher'] }],
      currentSchool: { schoolId: '1', studentNumber: null, roles: ['teacher'] },
    });
    expect((await post(teacher, '/user/user/attachInfo', { schoolId: '999' })).body.errCode).toBe(5);
  });
});
