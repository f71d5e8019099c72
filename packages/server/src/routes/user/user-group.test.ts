import {
  zGetOwnUserGroupResponse,
  zUserGroupDeleteResponse,
  zUserGroupInfoResponse,
  zUserGroupListResponse,
  zUserGroupSaveResponse,
  zUserGroupUpdateResponse,
  zUserGroupUserBindByFileResponse,
  zUserGroupUserBindResponse,
  zUserGroupUserListResponse,
  zUserGroupUserUnbindResponse,
} from '@dfrm/sdk/user/zod';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeEach, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/identity';
import { schools } from '../../db/schema/school';
import { userGroups } from '../../db/schema/user-group';
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
