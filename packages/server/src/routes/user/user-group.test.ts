import {
  zGetOwnUserGroupResponse,
  zGetUserGroupSchoolIdsResponse,
  zUserGroupDeleteResponse,
  zUserGroupInfoResponse,
  zUserGroupListResponse,
  zUserGroupSaveResponse,
  zUserGroupSchoolRefreshUserBindResponse,
  zUserGroupSchoolSaveResponse,
  zUserGroupUpdateResponse,
  zUserGroupUserBindByFileResponse,
  zUserGroupUserBindResponse,
  zUserGroupUserListResponse,
  zUserGroupUserUnbindResponse,
} from '@dfrm/sdk/user/zod';
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeEach, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/identity';
import { schoolMembers, schools } from '../../db/schema/school';
import { userGroupMembers, userGroups } from '../../db/schema/user-group';
import { call, createTestApp, DEMO_SCHOOL, login, type Session, type TestApp } from '../../testing/index';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});

const ownGroups = (session: Session | null, body: unknown) =>
  call(t.app, 'POST', '/usergroupinfo/v1/getOwnUserGroup', { session, body });

describe('POST /usergroupinfo/v1/getOwnUserGroup', () => {
  it('lists the groups of the caller in the school with their bind role', async () => {
    const teacher = await login(t.app, 'teacher1');
    const answer = await ownGroups(teacher, { schoolId: '1' });
    expect(answer.body.errCode).toBe(0);
    const groups = zGetOwnUserGroupResponse.parse(answer.body.data);
    expect(groups).toEqual([
      { id: expect.any(String), bindRole: 0, name: DEMO_SCHOOL.userGroup, schoolId: '1' },
    ]);

    const groupAdmin = await login(t.app, 'groupadmin');
    expect((await ownGroups(groupAdmin, { schoolId: '1' })).body.data).toEqual([
      { ...groups[0], bindRole: 1 },
    ]);
  });

  it('does not list groups the caller is not in, nor other schools', async () => {
    const [other] = await t.db
      .insert(schools)
      .values({ name: '其他学校', createdAt: 0 })
      .returning({ id: schools.id });
    await t.db.insert(userGroups).values({ schoolId: other?.id ?? 0, name: '其他资源池', createdAt: 0 });
    const teacher = await login(t.app, 'teacher1');
    expect((await ownGroups(teacher, { schoolId: String(other?.id) })).body.data).toEqual([]);
    expect((await ownGroups(teacher, { schoolId: '999' })).body.data).toEqual([]);
    // a school manager who is in no group
    const manager = await login(t.app, 'manager');
    expect((await ownGroups(manager, { schoolId: '1' })).body.data).toEqual([]);
  });

  it('treats a missing schoolId as "0" (no school)', async () => {
    const teacher = await login(t.app, 'teacher1');
    expect((await ownGroups(teacher, {})).body).toEqual({ errCode: 0, errMsg: 'success', data: [] });
  });

  it('needs a login', async () => {
    const answer = await ownGroups(null, { schoolId: '1' });
    expect(answer.status).toBe(401);
    expect(answer.body).toEqual({ errCode: 4, errMsg: '请先登录', data: null });
  });

  it('names a bad schoolId in Chinese', async () => {
    const teacher = await login(t.app, 'teacher1');
    expect((await ownGroups(teacher, { schoolId: 1 })).body).toEqual({
      errCode: 2,
      errMsg: '参数 schoolId 类型不正确',
      data: null,
    });
    expect((await ownGroups(teacher, { schoolId: '1'.repeat(65) })).body).toEqual({
      errCode: 2,
      errMsg: '参数 schoolId 长度不能超过 64 个字符',
      data: null,
    });
    expect((await ownGroups(teacher, undefined)).body).toEqual({
      errCode: 2,
      errMsg: '请求参数不能为空',
      data: null,
    });
  });
});

// ---- group management ------------------------------------------------------------

async function userIdOf(userName: string): Promise<number> {
  const [row] = await t.db.select({ id: users.id }).from(users).where(eq(users.userName, userName));
  if (!row) throw new Error(userName);
  return row.id;
}

async function demoGroupId(): Promise<string> {
  const [row] = await t.db
    .select({ id: userGroups.id })
    .from(userGroups)
    .where(eq(userGroups.name, DEMO_SCHOOL.userGroup));
  return String(row?.id);
}

const group = <T = unknown>(session: Session | null, path: string, body?: unknown) =>
  call<T>(t.app, 'POST', `/usergroupinfo/v1${path}`, { session, body });

interface GroupView {
  id: string;
  name: string;
  memberCount: number;
  adminCount: number;
  admins: { userName: string }[];
}

describe('user groups: list, info, save, update, delete', () => {
  it('lets the school manager create a group with admins from the school, and list and read it', async () => {
    const manager = await login(t.app, 'manager');
    const teacher1 = String(await userIdOf('teacher1'));
    const saved = await group<GroupView>(manager, '/save', {
      schoolId: '1',
      name: '  量化课程组 ',
      description: '量化投资课程共享资源',
      adminUserIds: [teacher1],
    });
    expect(saved.body.errCode).toBe(0);
    const view = zUserGroupSaveResponse.parse(saved.body.data);
    expect(view).toMatchObject({
      name: '量化课程组',
      description: '量化投资课程共享资源',
      schoolId: '1',
      schoolName: DEMO_SCHOOL.name,
      isSchoolDefault: false,
      memberCount: 1,
      adminCount: 1,
      admins: [{ userId: teacher1, userName: 'teacher1', realName: '李明华' }],
      createdAt: t.clock.now(),
      updatedAt: t.clock.now(),
    });
    // the appointed admin now holds the groupAdmin role
    const [account] = await t.db.select().from(users).where(eq(users.userName, 'teacher1'));
    expect(account?.isGroupAdmin).toBe(true);

    t.clock.advance(1000);
    const list = await group<{ list: GroupView[]; total: number }>(manager, '/list', {
      pageIndex: 1,
      pageSize: 10,
    });
    expect(zUserGroupListResponse.parse(list.body.data).total).toBe(2);
    expect(list.body.data.list.map((entry) => entry.name)).toEqual(['量化课程组', DEMO_SCHOOL.userGroup]);
    expect(
      (await group<{ total: number }>(manager, '/list', { pageIndex: 1, pageSize: 10, keyword: '量化' })).body
        .data.total,
    ).toBe(1);
    const info = await group<GroupView>(manager, '/info', { id: view.id });
    expect(zUserGroupInfoResponse.parse(info.body.data)).toEqual(view);
  });

  it('refuses a duplicate name, a stranger as admin, another school and other roles', async () => {
    const manager = await login(t.app, 'manager');
    expect((await group(manager, '/save', { schoolId: '1', name: DEMO_SCHOOL.userGroup })).body).toEqual({
      errCode: 7,
      errMsg: `本校已有名为“${DEMO_SCHOOL.userGroup}”的用户组`,
      data: null,
    });
    expect(
      (
        await group(manager, '/save', {
          schoolId: '1',
          name: '新组',
          adminUserIds: [String(await userIdOf('admin'))],
        })
      ).body,
    ).toEqual({ errCode: 1, errMsg: '账号 admin 不是该学校的成员，不能设为组管理员', data: null });
    const [other] = await t.db.insert(schools).values({ name: '其他学校', createdAt: 0 }).returning();
    expect((await group(manager, '/save', { schoolId: String(other?.id), name: '新组' })).body.errCode).toBe(
      5,
    );
    const admin = await login(t.app, 'admin');
    expect((await group(admin, '/save', { schoolId: '999', name: '新组' })).body.errCode).toBe(6);
    const created = await group<GroupView>(admin, '/save', { schoolId: String(other?.id), name: '外校组' });
    expect(created.body.errCode).toBe(0);
    // the manager of school 1 neither sees nor reads the other school's group
    expect(
      (await group<{ total: number }>(manager, '/list', { pageIndex: 1, pageSize: 10 })).body.data.total,
    ).toBe(1);
    expect((await group(manager, '/info', { id: created.body.data.id })).body).toEqual({
      errCode: 5,
      errMsg: '您没有管理该用户组的权限',
      data: null,
    });
    expect((await group(admin, '/list', { pageIndex: 1, pageSize: 10 })).body.data).toMatchObject({
      total: 2,
    });
    const teacher = await login(t.app, 'teacher1');
    expect((await group(teacher, '/list', { pageIndex: 1, pageSize: 10 })).body.errCode).toBe(5);
    expect((await group(teacher, '/save', { schoolId: '1', name: 'x' })).body.errCode).toBe(5);
    expect((await group(manager, '/save', { schoolId: '1', name: '' })).body.errMsg).toBe(
      '参数 name 不能为空',
    );
    expect((await group(manager, '/info', { id: '404' })).body.errCode).toBe(6);
  });

  it('lets a group admin update their group only; delete is for managers', async () => {
    const groupAdmin = await login(t.app, 'groupadmin');
    const id = await demoGroupId();
    t.clock.advance(5000);
    const updated = await group<GroupView & { description: string; updatedAt: number }>(
      groupAdmin,
      '/update',
      {
        id,
        description: '全院共享',
      },
    );
    expect(zUserGroupUpdateResponse.parse(updated.body.data)).toMatchObject({
      name: DEMO_SCHOOL.userGroup,
      description: '全院共享',
      updatedAt: t.clock.now(),
    });
    const manager = await login(t.app, 'manager');
    const other = await group<GroupView>(manager, '/save', { schoolId: '1', name: '另一组' });
    expect((await group(groupAdmin, '/update', { id: other.body.data.id, name: '改名' })).body.errCode).toBe(
      5,
    );
    expect(
      (await group(manager, '/update', { id: other.body.data.id, name: DEMO_SCHOOL.userGroup })).body.errCode,
    ).toBe(7);
    expect((await group(groupAdmin, '/delete', { id })).body.errCode).toBe(5);
    const deleted = await group(manager, '/delete', { id: other.body.data.id });
    expect(zUserGroupDeleteResponse.parse(deleted.body.data)).toEqual({ id: other.body.data.id });
    expect((await group(manager, '/info', { id: other.body.data.id })).body.errCode).toBe(6);
    await t.db
      .update(userGroups)
      .set({ isSchoolDefault: true })
      .where(eq(userGroups.id, Number(id)));
    expect((await group(manager, '/delete', { id })).body).toEqual({
      errCode: 1,
      errMsg: '学校的默认用户组不能删除',
      data: null,
    });
  });
});

describe('user groups: members', () => {
  it('lists members, group admins first, with masked phones and school roles', async () => {
    const manager = await login(t.app, 'manager');
    const id = await demoGroupId();
    const answer = await group<{
      list: { userName: string; phoneNumber: string; schoolRoles: string[] }[];
      total: number;
    }>(manager, '/user/list', { groupId: id, pageIndex: 1, pageSize: 5 });
    const page = zUserGroupUserListResponse.parse(answer.body.data);
    expect(page.total).toBe(33);
    expect(page.list[0]).toMatchObject({
      userName: 'groupadmin',
      bindRole: 1,
      phoneNumber: '138****0012',
      schoolRoles: [],
    });
    const students = await group<{ list: { userName: string; schoolRoles: string[] }[]; total: number }>(
      manager,
      '/user/list',
      { groupId: id, pageIndex: 1, pageSize: 5, keyword: '陈思远', bindRole: 0 },
    );
    expect(students.body.data).toMatchObject({
      total: 1,
      list: [{ userName: 'student01', schoolRoles: ['student'] }],
    });
    const teacher = await login(t.app, 'teacher1');
    expect(
      (await group(teacher, '/user/list', { groupId: id, pageIndex: 1, pageSize: 5 })).body.errCode,
    ).toBe(5);
  });

  it('binds school members, skips strangers, and only managers appoint group admins', async () => {
    const manager = await login(t.app, 'manager');
    const created = await group<GroupView>(manager, '/save', { schoolId: '1', name: '实训组' });
    const groupId = created.body.data.id;
    const ids = {
      student01: String(await userIdOf('student01')),
      teacher2: String(await userIdOf('teacher2')),
      admin: String(await userIdOf('admin')),
      groupadmin: String(await userIdOf('groupadmin')),
    };
    const bound = await group(manager, '/user/bind', {
      groupId,
      userIds: [ids.student01, ids.teacher2, ids.admin, '999999'],
    });
    expect(zUserGroupUserBindResponse.parse(bound.body.data)).toEqual({
      groupId,
      bound: 2,
      updated: 0,
      skipped: [
        { userId: ids.admin, reason: '不是该学校成员' },
        { userId: '999999', reason: '用户不存在' },
      ],
    });
    const promoted = await group(manager, '/user/bind', { groupId, userIds: [ids.teacher2], bindRole: 1 });
    expect(promoted.body.data).toMatchObject({ bound: 0, updated: 1 });
    expect((await group<GroupView>(manager, '/info', { id: groupId })).body.data).toMatchObject({
      memberCount: 2,
      adminCount: 1,
      admins: [{ userName: 'teacher2' }],
    });
    // teacher2 is now a group admin of this group: may add members, not appoint admins
    const teacher2 = await login(t.app, 'teacher2');
    expect(
      (await group(teacher2, '/user/bind', { groupId, userIds: [ids.student01], bindRole: 1 })).body,
    ).toEqual({
      errCode: 5,
      errMsg: '只有管理员或学校管理员可以任命组管理员',
      data: null,
    });
    const student16 = String(await userIdOf('student16'));
    expect((await group(teacher2, '/user/bind', { groupId, userIds: [student16] })).body.data).toMatchObject({
      bound: 1,
    });
    // and not in a group they do not administer
    expect(
      (await group(teacher2, '/user/bind', { groupId: await demoGroupId(), userIds: [student16] })).body
        .errCode,
    ).toBe(5);
    expect((await group(manager, '/user/bind', { groupId, userIds: [] })).body.errMsg).toBe(
      '参数 userIds 至少需要 1 项',
    );
  });

  it('unbinds members; a group admin cannot remove themselves or another admin', async () => {
    const groupAdmin = await login(t.app, 'groupadmin');
    const id = await demoGroupId();
    const student01 = String(await userIdOf('student01'));
    const answer = await group(groupAdmin, '/user/unbind', { groupId: id, userIds: [student01, '999999'] });
    expect(zUserGroupUserUnbindResponse.parse(answer.body.data)).toEqual({
      groupId: id,
      unbound: 1,
      userIds: [student01],
    });
    // student01's pool is gone
    const student = await login(t.app, 'student01');
    expect((await ownGroups(student, { schoolId: '1' })).body.data).toEqual([]);
    const self = String(await userIdOf('groupadmin'));
    expect((await group(groupAdmin, '/user/unbind', { groupId: id, userIds: [self] })).body).toEqual({
      errCode: 1,
      errMsg: '组管理员不能把自己移出用户组',
      data: null,
    });
    const manager = await login(t.app, 'manager');
    const teacher1 = String(await userIdOf('teacher1'));
    await group(manager, '/user/bind', { groupId: id, userIds: [teacher1], bindRole: 1 });
    expect((await group(groupAdmin, '/user/unbind', { groupId: id, userIds: [teacher1] })).body).toEqual({
      errCode: 5,
      errMsg: '只有管理员或学校管理员可以移出组管理员',
      data: null,
    });
    expect((await group(manager, '/user/unbind', { groupId: id, userIds: [self] })).body.data).toMatchObject({
      unbound: 1,
    });
  });
});

describe('user groups: Excel', () => {
  async function sheet(rows: (string | number | null)[][]): Promise<FormData> {
    const workbook = new ExcelJS.Workbook();
    const ws = workbook.addWorksheet('用户组成员');
    ws.addRow(['账号（或手机号）', '姓名（仅供核对）', '组内角色']);
    for (const row of rows) ws.addRow(row);
    const form = new FormData();
    form.append(
      'file',
      new File([new Uint8Array((await workbook.xlsx.writeBuffer()) as ArrayBuffer)], '成员.xlsx'),
    );
    return form;
  }

  it('downloads the template', async () => {
    const manager = await login(t.app, 'manager');
    const response = await t.app.request('/api/usergroupinfo/v1/user/download/excel/model', {
      headers: { Product: 'dfrm', ...manager.headers },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toContain(
      `filename*=UTF-8''${encodeURIComponent('用户组成员导入模板.xlsx')}`,
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await response.arrayBuffer());
    expect(workbook.worksheets[0]?.getRow(1).values).toEqual([
      undefined,
      '账号（或手机号）',
      '姓名（仅供核对）',
      '组内角色',
    ]);
    const teacher = await login(t.app, 'teacher1');
    expect(
      (await call(t.app, 'GET', '/usergroupinfo/v1/user/download/excel/model', { session: teacher })).body
        .errCode,
    ).toBe(5);
  });

  it('binds the good rows of a file and lists the failed ones', async () => {
    const manager = await login(t.app, 'manager');
    const created = await group<GroupView>(manager, '/save', { schoolId: '1', name: '文件组' });
    const groupId = created.body.data.id;
    const form = await sheet([
      ['student01', '陈思远', null],
      ['13900000002', '林雨桐', 1], // by phone, as group admin
      ['admin', '赵建国', 0], // not of the school
      ['nobody', '', 0],
      ['student03', '', 5],
      ['student01', '', 0], // repeated
      ['', '空账号', null],
    ]);
    form.append('defaultBindRole', '0');
    const answer = await call(t.app, 'POST', `/usergroupinfo/v1/user/bind/${groupId}/by/file`, {
      session: manager,
      body: form,
    });
    expect(zUserGroupUserBindByFileResponse.parse(answer.body.data)).toEqual({
      groupId,
      totalRows: 7,
      bound: 2,
      updated: 0,
      failedRows: [
        { row: 4, account: 'admin', reason: '不是该学校成员' },
        { row: 5, account: 'nobody', reason: '账号不存在' },
        { row: 6, account: 'student03', reason: '组内角色只能填写 0 或 1' },
        { row: 7, account: 'student01', reason: '账号在文件中重复（与第 2 行相同）' },
        { row: 8, account: '', reason: '账号不能为空' },
      ],
    });
    const members = await group<{ list: { userName: string; bindRole: number }[] }>(manager, '/user/list', {
      groupId,
      pageIndex: 1,
      pageSize: 10,
    });
    expect(members.body.data.list.map((row) => [row.userName, row.bindRole])).toEqual([
      ['student02', 1],
      ['student01', 0],
    ]);
  });

  it('refuses a bad file, a bad default role and a group out of reach', async () => {
    const groupAdmin = await login(t.app, 'groupadmin');
    const id = await demoGroupId();
    const post = (form: FormData, groupId = id) =>
      call(t.app, 'POST', `/usergroupinfo/v1/user/bind/${groupId}/by/file`, {
        session: groupAdmin,
        body: form,
      });
    const text = new FormData();
    text.append('file', new File(['a,b'], '成员.csv'));
    expect((await post(text)).body.errMsg).toBe(
      '参数 file 必须是 .xlsx 格式的 Excel 文件，请使用下载的模板填写',
    );
    const badRole = await sheet([['student01', '', null]]);
    badRole.append('defaultBindRole', '2');
    expect((await post(badRole)).body.errMsg).toBe('参数 defaultBindRole 取值不正确，可选值：0、1');
    expect((await post(await sheet([]), '404')).body.errCode).toBe(6);
    // a group admin's rows that appoint admins fail, the others bind
    const appoint = await post(
      await sheet([
        ['student20', '', 1],
        ['teacher1', '', 0],
      ]),
    );
    expect(appoint.body.data).toMatchObject({
      bound: 0,
      failedRows: [{ row: 2, account: 'student20', reason: '只有管理员或学校管理员可以任命组管理员' }],
    });
  });
});

// ---- the school's default group ------------------------------------------------------

async function otherSchool(name = '其他学校'): Promise<string> {
  const [row] = await t.db.insert(schools).values({ name, createdAt: 0 }).returning({ id: schools.id });
  return String(row?.id);
}

/** Distinct accounts holding any role in the school. */
async function rosterOf(schoolId: number): Promise<number[]> {
  const rows = await t.db
    .selectDistinct({ userId: schoolMembers.userId })
    .from(schoolMembers)
    .where(eq(schoolMembers.schoolId, schoolId));
  return rows.map((row) => row.userId).sort((a, b) => a - b);
}

async function membersOf(groupId: string): Promise<Map<number, number>> {
  const rows = await t.db
    .select({ userId: userGroupMembers.userId, bindRole: userGroupMembers.bindRole })
    .from(userGroupMembers)
    .where(eq(userGroupMembers.groupId, Number(groupId)));
  return new Map(rows.map((row) => [row.userId, row.bindRole]));
}

const refresh = <T = unknown>(session: Session | null, schoolId: string, body: unknown = {}) =>
  group<T>(session, `/school/refrash/user/bind/${schoolId}`, body);

interface RefreshResult {
  schoolId: string;
  groupId: string;
  added: number;
  removed: number;
  memberCount: number;
}

describe('POST /usergroupinfo/v1/school/save', () => {
  it('creates the default group named after the school, then renames it', async () => {
    const admin = await login(t.app, 'admin');
    const schoolId = await otherSchool('东方财经大学');
    const created = await group<GroupView>(admin, '/school/save', { schoolId });
    expect(created.body.errCode).toBe(0);
    const view = zUserGroupSchoolSaveResponse.parse(created.body.data);
    expect(view).toMatchObject({
      name: '东方财经大学资源池',
      description: '',
      schoolId,
      schoolName: '东方财经大学',
      isSchoolDefault: true,
      memberCount: 0,
      adminCount: 0,
      admins: [],
      createdAt: t.clock.now(),
      updatedAt: t.clock.now(),
    });

    t.clock.advance(60_000);
    const renamed = await group<GroupView>(admin, '/school/save', { schoolId, name: ' 东财共享资源池 ' });
    expect(zUserGroupSchoolSaveResponse.parse(renamed.body.data)).toEqual({
      ...view,
      name: '东财共享资源池',
      updatedAt: t.clock.now(),
    });
    // without a name an existing default group is left as it is
    t.clock.advance(60_000);
    const again = await group<GroupView>(admin, '/school/save', { schoolId });
    expect(again.body.data).toEqual(renamed.body.data);
    const rows = await t.db
      .select()
      .from(userGroups)
      .where(eq(userGroups.schoolId, Number(schoolId)));
    expect(rows).toHaveLength(1);
    // and it cannot be deleted
    expect((await group(admin, '/delete', { id: view.id })).body).toEqual({
      errCode: 1,
      errMsg: '学校的默认用户组不能删除',
      data: null,
    });
  });

  it('refuses a name another group of the school has (errCode 7), on creation and on rename', async () => {
    const admin = await login(t.app, 'admin');
    expect((await group(admin, '/school/save', { schoolId: '1', name: DEMO_SCHOOL.userGroup })).body).toEqual(
      {
        errCode: 7,
        errMsg: `本校已有名为“${DEMO_SCHOOL.userGroup}”的用户组`,
        data: null,
      },
    );
    const created = await group<GroupView>(admin, '/school/save', { schoolId: '1' });
    expect(created.body.data).toMatchObject({ name: `${DEMO_SCHOOL.name}资源池`, isSchoolDefault: true });
    expect((await group(admin, '/school/save', { schoolId: '1', name: DEMO_SCHOOL.userGroup })).body).toEqual(
      {
        errCode: 7,
        errMsg: `本校已有名为“${DEMO_SCHOOL.userGroup}”的用户组`,
        data: null,
      },
    );
    // the same name in another school is fine
    const elsewhere = await otherSchool();
    const other = await group(admin, '/school/save', { schoolId: elsewhere, name: DEMO_SCHOOL.userGroup });
    expect(other.body.errCode).toBe(0);
  });

  it('is for admins only', async () => {
    const body = { schoolId: '1' };
    for (const account of ['manager', 'groupadmin', 'teacher1', 'student01']) {
      const answer = await group(await login(t.app, account), '/school/save', body);
      expect(answer.status, account).toBe(403);
      expect(answer.body.errCode, account).toBe(5);
    }
    expect((await group(null, '/school/save', body)).body.errCode).toBe(4);
    expect(await t.db.select().from(userGroups).where(eq(userGroups.isSchoolDefault, true))).toEqual([]);
  });

  it('names bad input in Chinese, and answers 6 for an unknown school', async () => {
    const admin = await login(t.app, 'admin');
    const bad = async (body: unknown) => (await group(admin, '/school/save', body)).body;
    expect(await bad({ schoolId: '0' })).toEqual({
      errCode: 2,
      errMsg: '参数 schoolId 不能为 "0"，请指定学校',
      data: null,
    });
    expect((await bad({})).errMsg).toBe('参数 schoolId 不能为 "0"，请指定学校');
    expect((await bad({ schoolId: 1 })).errMsg).toBe('参数 schoolId 类型不正确');
    expect((await bad({ schoolId: '1', name: '' })).errMsg).toBe('参数 name 不能为空');
    expect(await bad({ schoolId: '1', name: '   ' })).toEqual({
      errCode: 2,
      errMsg: '参数 name 不能为空',
      data: null,
    });
    expect((await bad({ schoolId: '1', name: '名'.repeat(51) })).errMsg).toBe(
      '参数 name 长度不能超过 50 个字符',
    );
    expect(await bad({ schoolId: '999' })).toEqual({ errCode: 6, errMsg: '学校不存在', data: null });
    expect((await bad({ schoolId: 'abc' })).errCode).toBe(6);
  });

  it('makes one default group when two servers save at once', async () => {
    const admin = await login(t.app, 'admin');
    const peer = await t.createPeerApp();
    try {
      const schoolId = await otherSchool();
      const answers = await Promise.all([
        call<GroupView>(t.app, 'POST', '/usergroupinfo/v1/school/save', {
          session: admin,
          body: { schoolId },
        }),
        call<GroupView>(peer, 'POST', '/usergroupinfo/v1/school/save', {
          session: admin,
          body: { schoolId },
        }),
      ]);
      expect(answers.map((answer) => answer.body.errCode)).toEqual([0, 0]);
      expect(answers[1]?.body.data.id).toBe(answers[0]?.body.data.id);
      const rows = await t.db
        .select()
        .from(userGroups)
        .where(eq(userGroups.schoolId, Number(schoolId)));
      expect(rows).toHaveLength(1);
    } finally {
      await t.close();
    }
  });

  it('cannot hold two default groups for one school (the database refuses)', async () => {
    const schoolId = Number(await otherSchool());
    await t.db.insert(userGroups).values({ schoolId, name: '甲', isSchoolDefault: true, createdAt: 0 });
    await expect(
      t.db.insert(userGroups).values({ schoolId, name: '乙', isSchoolDefault: true, createdAt: 0 }),
    ).rejects.toThrow();
    // non-default groups are not limited
    await t.db.insert(userGroups).values([
      { schoolId, name: '丙', createdAt: 0 },
      { schoolId, name: '丁', createdAt: 0 },
    ]);
  });
});

describe('POST /usergroupinfo/v1/get/group/schoolIds', () => {
  async function setUp() {
    const admin = await login(t.app, 'admin');
    const schoolId = await otherSchool('东方财经大学');
    const otherGroup = await group<GroupView>(admin, '/save', { schoolId, name: '东财实训组' });
    await group(admin, '/school/save', { schoolId });
    // a second group of school 1 the group admin does not administer
    const second = await group<GroupView>(admin, '/save', { schoolId: '1', name: '实训组' });
    return { admin, schoolId, otherGroupId: otherGroup.body.data.id, secondGroupId: second.body.data.id };
  }

  const schoolIds = (session: Session | null, body: unknown) =>
    group<{ schoolId: string; groupCount: number }[]>(session, '/get/group/schoolIds', body);

  it('lists every school with groups for an admin, with group counts and default flags', async () => {
    const { admin, schoolId } = await setUp();
    const answer = await schoolIds(admin, {});
    expect(answer.body.errCode).toBe(0);
    expect(zGetUserGroupSchoolIdsResponse.parse(answer.body.data)).toEqual([
      { schoolId: '1', schoolName: DEMO_SCHOOL.name, groupCount: 2, hasDefaultGroup: false },
      { schoolId, schoolName: '东方财经大学', groupCount: 2, hasDefaultGroup: true },
    ]);
    // schools without groups are not listed
    await otherSchool('无组学校');
    expect((await schoolIds(admin, {})).body.data).toHaveLength(2);
  });

  it('answers the schools of the given groups, once each, ignoring unknown ids', async () => {
    const { admin, schoolId, otherGroupId, secondGroupId } = await setUp();
    const demoId = await demoGroupId();
    const answer = await schoolIds(admin, { groupIds: [demoId, secondGroupId, '404', 'abc'] });
    expect(zGetUserGroupSchoolIdsResponse.parse(answer.body.data)).toEqual([
      { schoolId: '1', schoolName: DEMO_SCHOOL.name, groupCount: 2, hasDefaultGroup: false },
    ]);
    expect((await schoolIds(admin, { groupIds: [otherGroupId] })).body.data).toEqual([
      { schoolId, schoolName: '东方财经大学', groupCount: 1, hasDefaultGroup: true },
    ]);
    expect((await schoolIds(admin, { groupIds: ['404'] })).body.data).toEqual([]);
    expect((await schoolIds(admin, { groupIds: [] })).body.data).toEqual([]);
  });

  it('shows a school manager only the schools they manage', async () => {
    const { otherGroupId } = await setUp();
    const manager = await login(t.app, 'manager');
    const answer = await schoolIds(manager, {});
    expect(zGetUserGroupSchoolIdsResponse.parse(answer.body.data)).toEqual([
      { schoolId: '1', schoolName: DEMO_SCHOOL.name, groupCount: 2, hasDefaultGroup: false },
    ]);
    expect((await schoolIds(manager, { groupIds: [otherGroupId] })).body.data).toEqual([]);
  });

  it('shows a group admin only the schools of their own groups, counting only those groups', async () => {
    const { otherGroupId, secondGroupId } = await setUp();
    const groupAdmin = await login(t.app, 'groupadmin');
    const answer = await schoolIds(groupAdmin, {});
    expect(zGetUserGroupSchoolIdsResponse.parse(answer.body.data)).toEqual([
      { schoolId: '1', schoolName: DEMO_SCHOOL.name, groupCount: 1, hasDefaultGroup: false },
    ]);
    expect((await schoolIds(groupAdmin, { groupIds: [otherGroupId, secondGroupId] })).body.data).toEqual([]);
  });

  it('refuses teachers and students, and names bad input', async () => {
    for (const account of ['teacher1', 'student01']) {
      const answer = await schoolIds(await login(t.app, account), {});
      expect(answer.body.errCode, account).toBe(5);
    }
    expect((await schoolIds(null, {})).body.errCode).toBe(4);
    const admin = await login(t.app, 'admin');
    expect((await schoolIds(admin, { groupIds: '1' })).body).toEqual({
      errCode: 2,
      errMsg: '参数 groupIds 类型不正确',
      data: null,
    });
    expect((await schoolIds(admin, { groupIds: [''] })).body.errMsg).toBe('参数 groupIds.0 不能为空');
    expect(
      (await schoolIds(admin, { groupIds: Array.from({ length: 1001 }, (_, i) => String(i + 1)) })).body
        .errMsg,
    ).toBe('参数 groupIds 最多 1000 项');
    expect((await schoolIds(admin, undefined)).body.errMsg).toBe('请求参数不能为空');
  });
});

describe('POST /usergroupinfo/v1/school/refrash/user/bind/{schoolId}', () => {
  it('needs a default group first (errCode 1)', async () => {
    const manager = await login(t.app, 'manager');
    expect((await refresh(manager, '1')).body).toEqual({
      errCode: 1,
      errMsg: '该学校还没有默认用户组，请先保存学校默认用户组',
      data: null,
    });
  });

  it('adds the missing school members as members, keeps bindRoles, removes those who left', async () => {
    const admin = await login(t.app, 'admin');
    const manager = await login(t.app, 'manager');
    const saved = await group<GroupView>(admin, '/school/save', { schoolId: '1' });
    const groupId = saved.body.data.id;
    const teacher1 = await userIdOf('teacher1');
    const student01 = await userIdOf('student01');
    const adminId = await userIdOf('admin');
    // before the sync: teacher1 is a group admin of the default group, and an outsider slipped in
    await group(manager, '/user/bind', { groupId, userIds: [String(teacher1)], bindRole: 1 });
    await t.db.insert(userGroupMembers).values({ groupId: Number(groupId), userId: adminId, bindRole: 0 });
    const roster = await rosterOf(1);
    expect(roster).toContain(student01);

    t.clock.advance(1000);
    const first = await refresh<RefreshResult>(manager, '1');
    expect(first.body.errCode).toBe(0);
    expect(zUserGroupSchoolRefreshUserBindResponse.parse(first.body.data)).toEqual({
      schoolId: '1',
      groupId,
      added: roster.length - 1,
      removed: 1,
      memberCount: roster.length,
    });
    const members = await membersOf(groupId);
    expect([...members.keys()].sort((a, b) => a - b)).toEqual(roster);
    expect(members.get(teacher1)).toBe(1);
    expect(members.get(student01)).toBe(0);
    expect([...members.values()].filter((role) => role === 1)).toHaveLength(1);
    const listed = await group<{ list: { userName: string; bindRole: number; boundAt: number }[] }>(
      manager,
      '/user/list',
      { groupId, pageIndex: 1, pageSize: 200, keyword: 'student01' },
    );
    expect(listed.body.data.list).toEqual([
      expect.objectContaining({ userName: 'student01', bindRole: 0, boundAt: t.clock.now() }),
    ]);
    // the new members now see the pool
    const student = await login(t.app, 'student01');
    expect((await ownGroups(student, { schoolId: '1' })).body.data).toContainEqual({
      id: groupId,
      bindRole: 0,
      name: `${DEMO_SCHOOL.name}资源池`,
      schoolId: '1',
    });

    // nothing to do the second time
    expect((await refresh<RefreshResult>(manager, '1')).body.data).toMatchObject({ added: 0, removed: 0 });

    // student01 leaves the school: kept with removeLeft false, removed by default
    await t.db
      .delete(schoolMembers)
      .where(and(eq(schoolMembers.schoolId, 1), eq(schoolMembers.userId, student01)));
    expect((await refresh<RefreshResult>(admin, '1', { removeLeft: false })).body.data).toMatchObject({
      added: 0,
      removed: 0,
      memberCount: roster.length,
    });
    expect((await refresh<RefreshResult>(admin, '1')).body.data).toEqual({
      schoolId: '1',
      groupId,
      added: 0,
      removed: 1,
      memberCount: roster.length - 1,
    });
    expect((await membersOf(groupId)).has(student01)).toBe(false);
    // other groups of the school are untouched
    expect(
      (await group<GroupView>(manager, '/info', { id: await demoGroupId() })).body.data.memberCount,
    ).toBe(33);
  });

  it('lets a school manager sync only the schools they manage; teachers and group admins not at all', async () => {
    const admin = await login(t.app, 'admin');
    const schoolId = await otherSchool();
    await group(admin, '/school/save', { schoolId });
    await t.db
      .insert(schoolMembers)
      .values({ schoolId: Number(schoolId), userId: await userIdOf('teacher2'), role: 'teacher' });
    const manager = await login(t.app, 'manager');
    expect((await refresh(manager, schoolId)).body).toMatchObject({ errCode: 5 });
    for (const account of ['groupadmin', 'teacher1', 'student01']) {
      expect((await refresh(await login(t.app, account), '1')).body.errCode, account).toBe(5);
    }
    expect((await refresh(null, '1')).body.errCode).toBe(4);
    // nothing was synced by the refused calls; the admin may sync it
    const [defaultGroup] = await t.db
      .select()
      .from(userGroups)
      .where(and(eq(userGroups.schoolId, Number(schoolId)), eq(userGroups.isSchoolDefault, true)));
    expect((await membersOf(String(defaultGroup?.id))).size).toBe(0);
    expect((await refresh<RefreshResult>(admin, schoolId)).body.data).toMatchObject({
      added: 1,
      memberCount: 1,
    });
  });

  it('answers 6 for an unknown school and names bad input in Chinese', async () => {
    const admin = await login(t.app, 'admin');
    expect((await refresh(admin, '999')).body).toEqual({ errCode: 6, errMsg: '学校不存在', data: null });
    expect((await refresh(admin, 'abc')).body.errCode).toBe(6);
    expect((await refresh(admin, '1'.repeat(65))).body).toEqual({
      errCode: 2,
      errMsg: '参数 schoolId 长度不能超过 64 个字符',
      data: null,
    });
    const manager = await login(t.app, 'manager');
    expect((await refresh(manager, '1', { removeLeft: 'yes' })).body).toEqual({
      errCode: 2,
      errMsg: '参数 removeLeft 类型不正确',
      data: null,
    });
    expect((await group(manager, '/school/refrash/user/bind/1')).body.errMsg).toBe('请求参数不能为空');
  });

  it('is safe when two servers sync the same school at once', async () => {
    const admin = await login(t.app, 'admin');
    const saved = await group<GroupView>(admin, '/school/save', { schoolId: '1' });
    const peer = await t.createPeerApp();
    try {
      const path = '/usergroupinfo/v1/school/refrash/user/bind/1';
      const answers = await Promise.all([
        call<RefreshResult>(t.app, 'POST', path, { session: admin, body: {} }),
        call<RefreshResult>(peer, 'POST', path, { session: admin, body: {} }),
      ]);
      expect(answers.map((answer) => answer.body.errCode)).toEqual([0, 0]);
      const roster = await rosterOf(1);
      expect(answers.reduce((sum, answer) => sum + answer.body.data.added, 0)).toBe(roster.length);
      expect(answers.map((answer) => answer.body.data.memberCount)).toEqual([roster.length, roster.length]);
      expect((await membersOf(saved.body.data.id)).size).toBe(roster.length);
    } finally {
      await t.close();
    }
  });
});
