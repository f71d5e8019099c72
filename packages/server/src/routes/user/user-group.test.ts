import { zGetOwnUserGroupResponse } from '@dfrm/sdk/user/zod';
import { beforeEach, describe, expect, it } from 'vitest';
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
