import { zIsLoginResponse, zLoginResponse, zLogoutResponse } from '@dfrm/sdk/user/zod';
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/identity';
import { DAY_MS, MINUTE_MS } from '../../lib/clock';
import { call, createTestApp, demoAccount, demoPassword, login, type TestApp } from '../../testing/index';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});

const DISPLACED = '您的账号已在其他地方登录，如非本人操作请及时修改密码';
const EXPIRED = '登录已过期，请重新登录';

function passwordLogin(account: string, password: string, headers: Record<string, string> = {}) {
  return call(t.app, 'POST', '/user/login', { body: { account, password, productId: 7 }, headers });
}

function isLogin(token: string) {
  return call(t.app, 'POST', `/user/islogin?token=${encodeURIComponent(token)}`);
}

describe('POST /user/login', () => {
  it('logs a demo account in with its password and answers the user with a token', async () => {
    const answer = await passwordLogin('teacher1', demoPassword());
    expect(answer.status).toBe(200);
    expect(answer.body.errCode).toBe(0);
    const user = zLoginResponse.parse(answer.body.data);
    expect(user).toMatchObject({
      userName: 'teacher1',
      realName: '李明华',
      phoneNumber: '13800000001',
      productName: 'dfrm',
    });
    expect(user.token.length).toBeGreaterThanOrEqual(43);
  });

  it('gives a wrong password and an unknown account the same refusal', async () => {
    for (const answer of [
      await passwordLogin('teacher1', 'wrong-password'),
      await passwordLogin('nobody', 'wrong-password'),
    ]) {
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({ errCode: 1, errMsg: '账号或密码错误', data: null });
    }
  });

  it('refuses a disabled account even with the right password', async () => {
    await t.db.update(users).set({ disabled: true }).where(eq(users.userName, 'student01'));
    const answer = await passwordLogin('student01', demoPassword());
    expect(answer.body).toEqual({ errCode: 1, errMsg: '账号已被停用，请联系学校管理员', data: null });
  });

  it('names the bad field in Chinese', async () => {
    const cases: [unknown, string][] = [
      [{ account: '', password: 'x', productId: 7 }, '参数 account 不能为空'],
      [{ account: 'teacher1', productId: 7 }, '参数 password 不能为空'],
      [{ account: 'teacher1', password: 'x', productId: 8 }, '参数 productId 取值不正确，可选值：7'],
      [{ phoneNumber: '1380000', smsCode: '123456', productId: 7 }, '参数 phoneNumber 格式不正确'],
      [{ phoneNumber: '13800000001', smsCode: '12ab', productId: 7 }, '参数 smsCode 格式不正确'],
      [{ phoneNumber: '13800000001', productId: 7 }, '参数 smsCode 不能为空'],
      [{}, '参数 account 不能为空'],
    ];
    for (const [body, message] of cases) {
      const answer = await call(t.app, 'POST', '/user/login', { body });
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({ errCode: 2, errMsg: message, data: null });
    }
    const malformed = await call(t.app, 'POST', '/user/login', { body: '{"account":' });
    expect(malformed.body).toMatchObject({ errCode: 2, errMsg: '请求体不是有效的 JSON' });
    const empty = await call(t.app, 'POST', '/user/login');
    expect(empty.body).toMatchObject({ errCode: 2, errMsg: '请求参数不能为空' });
  });

  it('locks an account after 5 wrong passwords for 15 minutes, even for the right one', async () => {
    for (let i = 0; i < 5; i++) expect((await passwordLogin('teacher1', `wrong${i}`)).body.errCode).toBe(1);
    const locked = await passwordLogin('teacher1', demoPassword());
    expect(locked.status).toBe(429);
    expect(locked.body).toEqual({ errCode: 8, errMsg: '登录失败次数过多，请 15 分钟后再试', data: null });
    // another account from the same address is unaffected
    expect((await passwordLogin('teacher2', demoPassword())).body.errCode).toBe(0);
    t.clock.advance(10 * MINUTE_MS);
    expect((await passwordLogin('teacher1', demoPassword())).body.errMsg).toBe(
      '登录失败次数过多，请 5 分钟后再试',
    );
    t.clock.advance(5 * MINUTE_MS);
    expect((await passwordLogin('teacher1', demoPassword())).body.errCode).toBe(0);
  });

  it('forgets the failures of an account once its password is right', async () => {
    for (let i = 0; i < 4; i++) await passwordLogin('teacher1', 'wrong');
    expect((await passwordLogin('teacher1', demoPassword())).body.errCode).toBe(0);
    for (let i = 0; i < 4; i++) expect((await passwordLogin('teacher1', 'wrong')).body.errCode).toBe(1);
  });

  it('limits failed logins per address to 30 in 15 minutes', async () => {
    t = await createTestApp({ config: { trustProxy: true } });
    const from = (ip: string) => ({ 'X-Forwarded-For': ip });
    for (let i = 0; i < 30; i++) {
      expect((await passwordLogin(`guess${i}`, 'wrong', from('203.0.113.7'))).body.errCode).toBe(1);
    }
    const blocked = await passwordLogin('teacher1', demoPassword(), from('203.0.113.7'));
    expect(blocked.body).toEqual({ errCode: 8, errMsg: '登录失败次数过多，请 15 分钟后再试', data: null });
    // only the rightmost entry (the one our proxy appended) counts
    expect(
      (await passwordLogin('teacher1', demoPassword(), from('203.0.113.7, 198.51.100.1'))).body.errCode,
    ).toBe(0);
  }, 30_000);
});

describe('sessions', () => {
  it('a newer login displaces the older session, which learns why on its next call', async () => {
    const first = await login(t.app, 'teacher1');
    const second = await login(t.app, 'teacher1');
    const displaced = await call(t.app, 'GET', '/clientUser/v2/userLogin', { session: first });
    expect(displaced.status).toBe(401);
    expect(displaced.body).toEqual({ errCode: 3, errMsg: DISPLACED, data: null });
    expect((await isLogin(first.token)).body).toEqual({ errCode: 3, errMsg: DISPLACED, data: null });
    expect((await call(t.app, 'GET', '/clientUser/v2/userLogin', { session: second })).body.errCode).toBe(0);
  });

  it('does not displace other accounts', async () => {
    const teacher = await login(t.app, 'teacher1');
    await login(t.app, 'teacher2');
    expect((await isLogin(teacher.token)).body.errCode).toBe(0);
  });

  it('expires a session after 7 days', async () => {
    const session = await login(t.app, 'student01');
    t.clock.advance(7 * DAY_MS - 1);
    expect((await isLogin(session.token)).body.errCode).toBe(0);
    t.clock.advance(1);
    expect((await isLogin(session.token)).body).toEqual({ errCode: 3, errMsg: EXPIRED, data: null });
    const call1 = await call(t.app, 'GET', '/clientUser/getClientSchoolList', { session });
    expect(call1.status).toBe(401);
    expect(call1.body).toEqual({ errCode: 3, errMsg: EXPIRED, data: null });
  });

  it('ends the sessions of an account that gets disabled', async () => {
    const session = await login(t.app, 'student02');
    await t.db.update(users).set({ disabled: true }).where(eq(users.userName, 'student02'));
    expect((await isLogin(session.token)).body).toMatchObject({
      errCode: 3,
      errMsg: '账号已被停用，请联系学校管理员',
    });
  });

  it('refuses a userId header that is not the token owner', async () => {
    const session = await login(t.app, 'teacher1');
    const other = await login(t.app, 'teacher2');
    for (const userId of [other.userId, '', '999999']) {
      const answer = await call(t.app, 'GET', '/clientUser/getClientSchoolList', {
        headers: { token: session.token, userId },
      });
      expect(answer.status).toBe(401);
      expect(answer.body).toEqual({ errCode: 4, errMsg: '请先登录', data: null });
    }
    const missing = await call(t.app, 'GET', '/clientUser/getClientSchoolList', {
      headers: { token: session.token },
    });
    expect(missing.body.errCode).toBe(4);
  });
});

describe('POST /user/islogin', () => {
  it('answers the user of a live token', async () => {
    const session = await login(t.app, 'teacher1');
    const answer = await isLogin(session.token);
    expect(answer.body.errCode).toBe(0);
    expect(zIsLoginResponse.parse(answer.body.data)).toMatchObject({
      userId: session.userId,
      userName: 'teacher1',
      token: session.token,
    });
  });

  it('answers errCode 4 for an unknown token and 2 without one', async () => {
    expect((await isLogin('no-such-token')).body).toEqual({ errCode: 4, errMsg: '请先登录', data: null });
    const missing = await call(t.app, 'POST', '/user/islogin');
    expect(missing.body).toEqual({ errCode: 2, errMsg: '参数 token 不能为空', data: null });
  });
});

describe('POST /user/logout', () => {
  it('revokes the token: later calls are not logged in', async () => {
    const session = await login(t.app, 'student03');
    const answer = await call(t.app, 'POST', '/user/logout', { session });
    expect(answer.body.errCode).toBe(0);
    expect(zLogoutResponse.parse(answer.body.data)).toEqual({ loggedOut: true });
    expect((await isLogin(session.token)).body).toEqual({ errCode: 4, errMsg: '请先登录', data: null });
    expect((await call(t.app, 'GET', '/clientUser/v2/userLogin', { session })).body.errCode).toBe(4);
    // the spec: a token that already stopped working still logs out
    expect((await call(t.app, 'POST', '/user/logout', { session })).body.errCode).toBe(0);
  });

  it('does not touch other sessions and needs a token', async () => {
    const session = await login(t.app, 'teacher1');
    const other = await login(t.app, 'teacher2');
    expect((await call(t.app, 'POST', '/user/logout', { session: other })).body.errCode).toBe(0);
    expect((await isLogin(session.token)).body.errCode).toBe(0);
    expect((await call(t.app, 'POST', '/user/logout')).body).toEqual({
      errCode: 4,
      errMsg: '请先登录',
      data: null,
    });
    // someone else's userId with a live token is refused and the token survives
    const spoofed = await call(t.app, 'POST', '/user/logout', {
      headers: { token: session.token, userId: other.userId },
    });
    expect(spoofed.body.errCode).toBe(4);
    expect((await isLogin(session.token)).body.errCode).toBe(0);
  });

  it('a displaced token logs out quietly', async () => {
    const first = await login(t.app, 'teacher1');
    await login(t.app, 'teacher1');
    expect((await call(t.app, 'POST', '/user/logout', { session: first })).body.errCode).toBe(0);
  });
});

describe('demo accounts', () => {
  it('every demo account can log in with the demo password', async () => {
    for (const userName of ['admin', 'manager', 'groupadmin', 'teacher2', 'student30']) {
      const session = await login(t.app, userName);
      expect((await isLogin(session.token)).body.data).toMatchObject({
        realName: demoAccount(userName).realName,
      });
    }
  });
});
