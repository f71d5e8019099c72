import { zIsLoginResponse, zLoginResponse, zLogoutResponse } from '@dfrm/sdk/user/zod';
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { rateLimitHits, users } from '../../db/schema/identity';
import { DAY_MS, MINUTE_MS } from '../../lib/clock';
import { classIdOf } from '../tms/student.fixtures';
import { FAILURES_PER_IP, STRANGER_FAILURE_DELAY_MS } from '../../services/auth/login';
import {
  call,
  createTestApp,
  demoAccount,
  demoPassword,
  login,
  type Session,
  type TestApp,
} from '../../testing/index';

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

  it('refuses an account+address pair after 5 wrong passwords, even the right one, for 15 minutes', async () => {
    // documented choice: the address that made the failures waits them out, any other address is let in
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

  it('never refuses the right password because of failures from another address', async () => {
    t = await createTestApp({ config: { trustProxy: true } });
    const fromA = { 'X-Forwarded-For': '203.0.113.7' };
    const fromB = { 'X-Forwarded-For': '198.51.100.20' };
    for (let i = 0; i < 5; i++) {
      expect((await passwordLogin('teacher1', `wrong${i}`, fromA)).body.errCode).toBe(1);
    }
    expect((await passwordLogin('teacher1', demoPassword(), fromA)).body.errCode).toBe(8);
    const fromElsewhere = await passwordLogin('teacher1', demoPassword(), fromB);
    expect(fromElsewhere.body.errCode).toBe(0);
    expect(zLoginResponse.parse(fromElsewhere.body.data).userName).toBe('teacher1');
  });

  it('answers a wrong password later the more others failed on the account, a right one at once', async () => {
    t = await createTestApp({ config: { trustProxy: true } });
    for (let i = 0; i < 4; i++) {
      await passwordLogin('teacher1', 'wrong', { 'X-Forwarded-For': `203.0.113.${i + 1}` });
    }
    // 4 failures from other addresses: at least 4 × 250 ms before the refusal
    const started = performance.now();
    const wrong = await passwordLogin('teacher1', 'wrong', { 'X-Forwarded-For': '198.51.100.20' });
    expect(wrong.body).toEqual({ errCode: 1, errMsg: '账号或密码错误', data: null });
    expect(performance.now() - started).toBeGreaterThanOrEqual(4 * STRANGER_FAILURE_DELAY_MS);
    expect(
      (await passwordLogin('teacher1', demoPassword(), { 'X-Forwarded-For': '198.51.100.21' })).body.errCode,
    ).toBe(0);
  });

  it("counts only failures: a right password forgets its pair's failures and takes no slot", async () => {
    for (let i = 0; i < 4; i++) await passwordLogin('teacher1', 'wrong');
    expect((await passwordLogin('teacher1', demoPassword())).body.errCode).toBe(0);
    for (let i = 0; i < 4; i++) expect((await passwordLogin('teacher1', 'wrong')).body.errCode).toBe(1);
    // twenty right ones in a row count for nothing
    for (let i = 0; i < 20; i++)
      expect((await passwordLogin('teacher2', demoPassword())).body.errCode).toBe(0);
    expect((await passwordLogin('teacher1', 'wrong')).body.errCode).toBe(1);
    expect((await passwordLogin('teacher1', 'wrong')).body.errCode).toBe(8);
  });

  it('lets a class of 60 log in from one address at the same moment', async () => {
    const hash =
      (await t.db.select().from(users).where(eq(users.userName, 'student01')))[0]?.passwordHash ?? '';
    await t.db.insert(users).values(
      Array.from({ length: 60 }, (_, i) => ({
        userName: `pupil${String(i).padStart(2, '0')}`,
        passwordHash: hash,
        createdAt: 0,
      })),
    );
    // a few typos in the room first
    for (let i = 0; i < 5; i++) await passwordLogin(`pupil${String(i).padStart(2, '0')}`, 'typo');
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        passwordLogin(`pupil${String(i).padStart(2, '0')}`, demoPassword()),
      ),
    );
    expect(answers.map((a) => a.body.errCode)).toEqual(Array.from({ length: 60 }, () => 0));
  }, 60_000);

  it('lets 34 concurrent right logins of one account from one address all through', async () => {
    const answers = await Promise.all(
      Array.from({ length: 34 }, () => passwordLogin('student05', demoPassword())),
    );
    expect(answers.map((a) => a.body.errCode)).toEqual(Array.from({ length: 34 }, () => 0));
    // one account, one place: exactly one of the 34 sessions is still live
    const live = await Promise.all(
      answers.map(async (a) => (await isLogin(zLoginResponse.parse(a.body.data).token)).body.errCode),
    );
    expect(live.filter((code) => code === 0)).toHaveLength(1);
  }, 120_000);

  it('does not let parallel guesses from one address past the 5 failures', async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => passwordLogin('teacher1', `guess${i}`)),
    );
    const codes = answers.map((a) => a.body.errCode);
    expect(codes.filter((code) => code === 1)).toHaveLength(5);
    expect(codes.filter((code) => code === 8)).toHaveLength(15);
  }, 60_000);

  it('limits failed logins per address to 100 in 15 minutes', async () => {
    t = await createTestApp({ config: { trustProxy: true } });
    const from = (ip: string) => ({ 'X-Forwarded-For': ip });
    // 99 failures on record (a hundred slow logins would take most of a minute here), the 100th by HTTP
    await t.db.insert(rateLimitHits).values(
      Array.from({ length: 99 }, (_, i) => ({
        bucket: FAILURES_PER_IP.bucket,
        key: '203.0.113.7',
        at: t.clock.now() - i,
      })),
    );
    expect((await passwordLogin('guess', 'wrong', from('203.0.113.7'))).body.errCode).toBe(1);
    const blocked = await passwordLogin('teacher1', demoPassword(), from('203.0.113.7'));
    expect(blocked.body).toEqual({ errCode: 8, errMsg: '登录失败次数过多，请 15 分钟后再试', data: null });
    // only the rightmost entry (the one our proxy appended) counts
    expect(
      (await passwordLogin('teacher1', demoPassword(), from('203.0.113.7, 198.51.100.1'))).body.errCode,
    ).toBe(0);
    t.clock.advance(15 * MINUTE_MS);
    expect((await passwordLogin('teacher1', demoPassword(), from('203.0.113.7'))).body.errCode).toBe(0);
  });
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

describe('initial passwords', () => {
  /** A student the school manager adds without a password: the initial one, last 6 digits of the number. */
  async function newStudent(number: string, userName = number) {
    const manager = await login(t.app, 'manager');
    const added = await call(t.app, 'POST', '/tms-server/studentMgr/schoolMgrUpdateStudent', {
      session: manager,
      body: {
        schoolId: '1',
        studentNumber: number,
        studentName: '新同学',
        userName,
        classId: String(await classIdOf(t, 0)),
      },
    });
    expect(added.body).toMatchObject({ errCode: 0 });
    return login(t.app, userName, number.slice(-6));
  }

  function changePassword(session: Session, oldPassword: string, newPassword: string) {
    return call(t.app, 'POST', '/user/change/password', { session, body: { oldPassword, newPassword } });
  }

  it('says so at login and in the login check, and opens nothing but the change and the lookups', async () => {
    const student = await newStudent('20269902');
    const again = await passwordLogin('20269902', '269902');
    expect(zLoginResponse.parse(again.body.data).mustChangePassword).toBe(true);
    const live = await login(t.app, '20269902', '269902');
    Object.assign(student, live);
    expect(zIsLoginResponse.parse((await isLogin(student.token)).body.data).mustChangePassword).toBe(true);
    const recent = () =>
      call(t.app, 'GET', '/tms-server/studentPage/get/recent/course/5', { session: student });
    const refused = await recent();
    expect(refused.body).toEqual({ errCode: 1, errMsg: '请先修改初始密码', data: null });
    // the app's start-up lookups still answer
    expect((await call(t.app, 'GET', '/clientUser/v2/userLogin', { session: student })).body.errCode).toBe(0);
    expect(
      (await call(t.app, 'GET', '/clientUser/getClientSchoolList', { session: student })).body.errCode,
    ).toBe(0);
    // the demo accounts chose their own
    const teacher = await passwordLogin('teacher1', demoPassword());
    expect(zLoginResponse.parse(teacher.body.data).mustChangePassword).toBe(false);

    expect((await changePassword(student, '269902', 'mine2026x')).body).toEqual({
      errCode: 0,
      errMsg: 'success',
      data: { ok: true },
    });
    expect(zIsLoginResponse.parse((await isLogin(student.token)).body.data).mustChangePassword).toBe(false);
    expect((await recent()).body.errCode).toBe(0);
    expect((await passwordLogin('20269902', '269902')).body.errCode).toBe(1);
    expect(
      zLoginResponse.parse((await passwordLogin('20269902', 'mine2026x')).body.data).mustChangePassword,
    ).toBe(false);
  }, 60_000);

  it("checks the old password and the new one's rules, in Chinese", async () => {
    const student = await newStudent('20269903');
    expect((await changePassword(student, 'wrong1', 'mine2026x')).body).toEqual({
      errCode: 1,
      errMsg: '原密码错误',
      data: null,
    });
    for (const newPassword of ['short1', 'onlyletters', '20269903', 'has space 1', 'a'.repeat(64) + '1']) {
      const answer = await changePassword(student, '269903', newPassword);
      expect(answer.body.errCode).toBe(2);
      expect(answer.body.errMsg).toMatch(/^参数 newPassword /);
    }
    expect((await changePassword(student, '269903', '269903ab')).body.errCode).toBe(0);
    expect((await changePassword(student, '269903ab', '269903ab')).body).toMatchObject({
      errCode: 1,
      errMsg: '新密码不能与原密码相同',
    });
  }, 60_000);

  it('refuses the own account name as the new password and ends the other sessions', async () => {
    const other = await newStudent('20269904', 'amy20269904');
    const elsewhere = await call(t.app, 'POST', '/user/login', {
      body: { account: 'amy20269904', password: '269904', productId: 7 },
    });
    const student = { ...other };
    // a newer login took over; the change comes from that one, the first stays displaced
    Object.assign(other, await login(t.app, 'amy20269904', '269904'));
    expect(elsewhere.body.errCode).toBe(0);
    expect((await changePassword(other, '269904', 'AMY20269904')).body).toMatchObject({
      errCode: 1,
      errMsg: '新密码不能是本人的学号或账号',
    });
    expect((await changePassword(other, '269904', 'Fresh2026')).body.errCode).toBe(0);
    expect((await isLogin(other.token)).body.errCode).toBe(0);
    expect((await isLogin(student.token)).body.errCode).not.toBe(0);
  }, 60_000);

  it('stops guessing the old password through a session after 5 misses', async () => {
    const session = await login(t.app, 'teacher1');
    for (let i = 0; i < 5; i++) {
      expect((await changePassword(session, `wrong${i}`, 'mine2026x')).body.errCode).toBe(1);
    }
    expect((await changePassword(session, demoPassword(), 'mine2026x')).body).toEqual({
      errCode: 8,
      errMsg: '原密码错误次数过多，请 15 分钟后再试',
      data: null,
    });
  }, 60_000);
});
