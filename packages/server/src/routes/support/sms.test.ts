import { zSendSmsCodeResponse } from '@dfrm/sdk/support/zod';
import { zLoginResponse } from '@dfrm/sdk/user/zod';
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/identity';
import { MINUTE_MS } from '../../lib/clock';
import { call, createTestApp, type TestApp } from '../../testing/index';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});

const TEACHER_PHONE = '13800000001';
const WRONG_CODE = { errCode: 1, errMsg: '验证码错误或已过期', data: null };

function send(phone: string, headers: Record<string, string> = {}, product = 'dfrm') {
  return call(t.app, 'POST', `/support-server/sms/sendCode/${product}/${phone}`, { headers });
}

function smsLogin(phoneNumber: string, smsCode: string) {
  return call(t.app, 'POST', '/user/login', { body: { phoneNumber, smsCode, productId: 7 } });
}

function otherCode(code: string): string {
  return String((Number(code) + 1) % 1_000_000).padStart(6, '0');
}

describe('POST /support-server/sms/sendCode/{product}/{account}', () => {
  it('sends a 6-digit code that logs the phone owner in once', async () => {
    const answer = await send(TEACHER_PHONE);
    expect(answer.body.errCode).toBe(0);
    expect(zSendSmsCodeResponse.parse(answer.body.data)).toEqual({
      resendAfterSeconds: 60,
      validSeconds: 600,
    });
    const code = t.sms.lastCode(TEACHER_PHONE);
    expect(code).toMatch(/^\d{6}$/);

    const loggedIn = await smsLogin(TEACHER_PHONE, code ?? '');
    expect(loggedIn.body.errCode).toBe(0);
    expect(zLoginResponse.parse(loggedIn.body.data)).toMatchObject({
      userName: 'teacher1',
      phoneNumber: TEACHER_PHONE,
    });
    // single use
    expect((await smsLogin(TEACHER_PHONE, code ?? '')).body).toEqual(WRONG_CODE);
  });

  it('answers success for a number without an account but sends nothing', async () => {
    const answer = await send('13700000000');
    expect(answer.body.errCode).toBe(0);
    expect(t.sms.sent).toEqual([]);
    expect((await smsLogin('13700000000', '000000')).body).toEqual(WRONG_CODE);
    // and it keeps the same resend window as a real number
    expect((await send('13700000000')).body.errCode).toBe(8);
  });

  it('refuses a resend within 60 seconds, saying how long to wait', async () => {
    await send(TEACHER_PHONE);
    const again = await send(TEACHER_PHONE);
    expect(again.status).toBe(429);
    expect(again.body).toEqual({ errCode: 8, errMsg: '验证码发送过于频繁，请 60 秒后再试', data: null });
    t.clock.advance(45_000);
    expect((await send(TEACHER_PHONE)).body.errMsg).toBe('验证码发送过于频繁，请 15 秒后再试');
    t.clock.advance(15_000);
    expect((await send(TEACHER_PHONE)).body.errCode).toBe(0);
    expect(t.sms.sent).toHaveLength(2);
  });

  it('only the newest code works', async () => {
    await send(TEACHER_PHONE);
    const first = t.sms.lastCode(TEACHER_PHONE) ?? '';
    t.clock.advance(60_000);
    await send(TEACHER_PHONE);
    const second = t.sms.lastCode(TEACHER_PHONE) ?? '';
    if (first !== second) expect((await smsLogin(TEACHER_PHONE, first)).body).toEqual(WRONG_CODE);
    expect((await smsLogin(TEACHER_PHONE, second)).body.errCode).toBe(0);
  });

  it('expires a code after 10 minutes', async () => {
    await send(TEACHER_PHONE);
    const code = t.sms.lastCode(TEACHER_PHONE) ?? '';
    t.clock.advance(10 * MINUTE_MS);
    expect((await smsLogin(TEACHER_PHONE, code)).body).toEqual(WRONG_CODE);
  });

  it('closes a code after 5 wrong guesses', async () => {
    await send(TEACHER_PHONE);
    const code = t.sms.lastCode(TEACHER_PHONE) ?? '';
    for (let i = 0; i < 5; i++)
      expect((await smsLogin(TEACHER_PHONE, otherCode(code))).body).toEqual(WRONG_CODE);
    expect((await smsLogin(TEACHER_PHONE, code)).body).toEqual(WRONG_CODE);
  });

  it('still accepts the right code after fewer than 5 wrong guesses', async () => {
    await send(TEACHER_PHONE);
    const code = t.sms.lastCode(TEACHER_PHONE) ?? '';
    for (let i = 0; i < 4; i++) await smsLogin(TEACHER_PHONE, otherCode(code));
    expect((await smsLogin(TEACHER_PHONE, code)).body.errCode).toBe(0);
  });

  it('allows 5 codes per phone per hour', async () => {
    for (let i = 0; i < 5; i++) {
      expect((await send(TEACHER_PHONE)).body.errCode).toBe(0);
      t.clock.advance(60_000);
    }
    const blocked = await send(TEACHER_PHONE);
    expect(blocked.body).toEqual({ errCode: 8, errMsg: '验证码发送次数过多，请 55 分钟后再试', data: null });
    t.clock.advance(55 * MINUTE_MS);
    expect((await send(TEACHER_PHONE)).body.errCode).toBe(0);
  });

  it('allows 20 codes per address per hour', async () => {
    t = await createTestApp({ config: { trustProxy: true } });
    const from = { 'X-Forwarded-For': '198.51.100.20' };
    for (let i = 0; i < 20; i++) {
      expect((await send(`137${String(i).padStart(8, '0')}`, from)).body.errCode).toBe(0);
    }
    expect((await send(TEACHER_PHONE, from)).body).toEqual({
      errCode: 8,
      errMsg: '验证码发送次数过多，请 60 分钟后再试',
      data: null,
    });
    expect((await send(TEACHER_PHONE, { 'X-Forwarded-For': '198.51.100.21' })).body.errCode).toBe(0);
  });

  it('names the bad path parameter in Chinese', async () => {
    expect((await send('12345')).body).toEqual({ errCode: 2, errMsg: '参数 account 格式不正确', data: null });
    expect((await send(TEACHER_PHONE, {}, 'other')).body).toEqual({
      errCode: 2,
      errMsg: '参数 product 取值不正确，可选值：dfrm',
      data: null,
    });
    expect(t.sms.sent).toEqual([]);
  });

  it('refuses SMS login for a disabled account', async () => {
    await t.db.update(users).set({ disabled: true }).where(eq(users.phoneNumber, TEACHER_PHONE));
    await send(TEACHER_PHONE);
    const answer = await smsLogin(TEACHER_PHONE, t.sms.lastCode(TEACHER_PHONE) ?? '');
    expect(answer.body).toEqual({ errCode: 1, errMsg: '账号已被停用，请联系学校管理员', data: null });
  });
});
