import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '@/shared/session/session-store';
import { demoAccount } from '@dfrm/server/testing';
import {
  DEMO_PASSWORD,
  grantSchoolRole,
  latestSmsCode,
  liveSessionCount,
  loginAs,
  resetToInitialPassword,
  setupApiServer,
} from '@/test/api-server';
import { renderApp } from '@/test/render-app';

setupApiServer();

const TEACHER1 = demoAccount('teacher1').realName;

describe('login page against the reference server', () => {
  it('logs teacher1 in and lands on /course with the display name in the header', async () => {
    const { user, router } = renderApp({ path: '/account' });
    const form = await screen.findByRole('form', { name: '账号登录' });
    await user.type(within(form).getByLabelText('账号'), 'teacher1');
    await user.type(within(form).getByLabelText('密码'), DEMO_PASSWORD);
    await user.click(within(form).getByRole('button', { name: '登录' }));

    const header = await screen.findByRole('banner');
    expect(await within(header).findByText(TEACHER1)).toBeVisible();
    expect(within(header).getByText('演示金融科技学院')).toBeVisible();
    expect(router.state.location.pathname).toBe('/course');
    expect(JSON.parse(window.localStorage.getItem(STORAGE_KEYS.user) ?? 'null')).toMatchObject({
      userName: 'teacher1',
    });
  });

  it("shows the server's message for a wrong password and stays on /account", async () => {
    const { user, router } = renderApp({ path: '/account' });
    const form = await screen.findByRole('form', { name: '账号登录' });
    await user.type(within(form).getByLabelText('账号'), 'teacher2');
    await user.type(within(form).getByLabelText('密码'), 'not-the-password');
    await user.click(within(form).getByRole('button', { name: '登录' }));

    expect(await within(form).findByText('账号或密码错误')).toBeVisible();
    expect(router.state.location.pathname).toBe('/account');
    expect(window.localStorage.getItem(STORAGE_KEYS.user)).toBeNull();
  });

  it('sends an SMS code, counts down, and logs in with the code', async () => {
    const { user, router } = renderApp({ path: '/account' });
    await user.click(await screen.findByRole('tab', { name: '短信登录' }));
    const form = await screen.findByRole('form', { name: '短信登录' });
    await user.type(within(form).getByLabelText('手机号'), '13800000001');
    await user.click(within(form).getByRole('button', { name: '获取验证码' }));

    const countdown = await within(form).findByRole('button', { name: /^\d+秒后重发$/ });
    expect(countdown).toHaveTextContent('60秒后重发');
    expect(countdown).toBeDisabled();
    expect(within(form).getByText('验证码已发送至 138****0001，10 分钟内有效')).toBeVisible();

    await user.type(within(form).getByLabelText('验证码'), latestSmsCode('13800000001'));
    await user.click(within(form).getByRole('button', { name: '登录' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/course'));
    expect(await within(screen.getByRole('banner')).findByText(TEACHER1)).toBeVisible();
  });

  it('returns to the page the visitor was sent away from', async () => {
    const { user, router } = renderApp({ path: '/teaching-manage/teacher/teaching-class' });
    const form = await screen.findByRole('form', { name: '账号登录' });
    await user.type(within(form).getByLabelText('账号'), 'teacher1');
    await user.type(within(form).getByLabelText('密码'), DEMO_PASSWORD);
    await user.click(within(form).getByRole('button', { name: '登录' }));

    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/teaching-manage/teacher/teaching-class'),
    );
    expect(await screen.findByRole('heading', { name: '教学班级' })).toBeVisible();
    expect(screen.getByRole('navigation', { name: '教学管理导航' })).toBeVisible();
  });

  it('lets a user who is both teacher and student in the school choose the role', async () => {
    const { userId } = await loginAs('teacher2');
    await grantSchoolRole(userId, 'student');
    const { user, router } = renderApp({ path: '/account' });
    const form = await screen.findByRole('form', { name: '账号登录' });
    await user.type(within(form).getByLabelText('账号'), 'teacher2');
    await user.type(within(form).getByLabelText('密码'), DEMO_PASSWORD);
    await user.click(within(form).getByRole('button', { name: '登录' }));

    expect(await screen.findByRole('heading', { name: '选择身份' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/account');
    await user.click(screen.getByRole('button', { name: '以学生身份进入' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/course'));
    // The header shows the role chosen and offers the way back.
    const roles = await within(screen.getByRole('banner')).findByRole('radiogroup', { name: '切换身份' });
    expect(roles).toBeVisible();
    expect(within(roles).getByRole('radio', { name: '学生' })).toBeChecked();
    // and the home is the student's
    expect(await screen.findByRole('region', { name: '未读通知' })).toBeVisible();
  });

  it('keeps a student on the initial password at /account until they set their own', async () => {
    const initial = await resetToInitialPassword('student05');
    const { user, router } = renderApp({ path: '/account' });
    const login = await screen.findByRole('form', { name: '账号登录' });
    await user.type(within(login).getByLabelText('账号'), 'student05');
    await user.type(within(login).getByLabelText('密码'), initial);
    await user.click(within(login).getByRole('button', { name: '登录' }));

    const form = await screen.findByRole('form', { name: '修改初始密码' });
    expect(router.state.location.pathname).toBe('/account');
    // not logged in on this device until the change succeeds
    expect(window.localStorage.getItem(STORAGE_KEYS.user)).toBeNull();
    // the password just typed is the old one: not asked again
    expect(within(form).queryByLabelText('原密码')).toBeNull();

    const fresh = within(form).getByLabelText('新密码');
    const confirm = within(form).getByLabelText('确认新密码');
    await user.type(fresh, 'abc');
    await user.tab();
    expect(await within(form).findByText('新密码至少 8 位')).toBeVisible();
    await user.type(fresh, 'defgh');
    expect(await within(form).findByText('新密码须包含数字')).toBeVisible();
    await user.type(fresh, '1');
    await user.type(confirm, 'abcdefgh2');
    await user.tab();
    expect(await within(form).findByText('两次输入的新密码不一致')).toBeVisible();
    await user.clear(confirm);
    await user.type(confirm, 'abcdefgh1');
    await user.click(within(form).getByRole('button', { name: '确认修改' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/course'));
    expect(JSON.parse(window.localStorage.getItem(STORAGE_KEYS.user) ?? 'null')).toMatchObject({
      userName: 'student05',
      mustChangePassword: false,
    });
    // the server took it: the new password logs in, the initial one no longer does
    expect(await loginAs('student05', 'abcdefgh1')).toMatchObject({ mustChangePassword: false });
    await expect(loginAs('student05', initial)).rejects.toMatchObject({ errMsg: '账号或密码错误' });
  });

  it('lets someone on the 修改初始密码 form log out instead, revoking that login', async () => {
    const initial = await resetToInitialPassword('student07');
    const { user, router } = renderApp({ path: '/account' });
    const login = await screen.findByRole('form', { name: '账号登录' });
    await user.type(within(login).getByLabelText('账号'), 'student07');
    await user.type(within(login).getByLabelText('密码'), initial);
    await user.click(within(login).getByRole('button', { name: '登录' }));
    const form = await screen.findByRole('form', { name: '修改初始密码' });
    expect(await liveSessionCount('student07')).toBe(1);

    await user.click(within(form).getByRole('button', { name: '退出登录，换个账号' }));
    expect(await screen.findByRole('form', { name: '账号登录' })).toBeVisible();
    expect(screen.queryByRole('form', { name: '修改初始密码' })).toBeNull();
    expect(router.state.location.pathname).toBe('/account');
    expect(window.localStorage.getItem(STORAGE_KEYS.user)).toBeNull();
    await waitFor(async () => expect(await liveSessionCount('student07')).toBe(0));
  });

  it("shows the server's refusal of a new password", async () => {
    const initial = await resetToInitialPassword('student06');
    const { user, router } = renderApp({ path: '/account' });
    const login = await screen.findByRole('form', { name: '账号登录' });
    await user.type(within(login).getByLabelText('账号'), 'student06');
    await user.type(within(login).getByLabelText('密码'), initial);
    await user.click(within(login).getByRole('button', { name: '登录' }));

    const form = await screen.findByRole('form', { name: '修改初始密码' });
    // the account name is refused by the server (the form only checks the shape)
    await user.type(within(form).getByLabelText('新密码'), 'student06');
    await user.type(within(form).getByLabelText('确认新密码'), 'student06');
    await user.click(within(form).getByRole('button', { name: '确认修改' }));
    expect(await within(form).findByText('新密码不能是本人的学号或账号')).toBeVisible();
    expect(router.state.location.pathname).toBe('/account');
    expect(window.localStorage.getItem(STORAGE_KEYS.user)).toBeNull();
  });
});
