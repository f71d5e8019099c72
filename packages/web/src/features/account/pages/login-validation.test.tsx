import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/test/render-app';

// Field rules only: nothing here reaches the server.
describe('login form validation', () => {
  it('asks for account and password when submitted empty', async () => {
    const { user } = renderApp({ path: '/account' });
    const form = await screen.findByRole('form', { name: '账号登录' });
    await user.click(within(form).getByRole('button', { name: '登录' }));
    expect(await within(form).findByText('请输入账号')).toBeVisible();
    expect(within(form).getByText('请输入密码')).toBeVisible();
  });

  it('waits until a field is left before complaining, then follows the typing', async () => {
    const { user } = renderApp({ path: '/account' });
    const account = await screen.findByLabelText('账号');
    await user.click(account);
    expect(screen.queryByText('请输入账号')).not.toBeInTheDocument();
    await user.tab();
    expect(await screen.findByText('请输入账号')).toBeVisible();
    await user.type(account, 'teacher1');
    expect(screen.queryByText('请输入账号')).not.toBeInTheDocument();
  });

  it('checks the phone number before sending a code, and the code format on submit', async () => {
    const { user } = renderApp({ path: '/account' });
    await user.click(await screen.findByRole('tab', { name: '短信登录' }));
    const form = await screen.findByRole('form', { name: '短信登录' });
    await user.type(within(form).getByLabelText('手机号'), '12345');
    await user.click(within(form).getByRole('button', { name: '获取验证码' }));
    expect(await within(form).findByText('请输入正确的手机号')).toBeVisible();
    // Nothing was sent, so no countdown.
    expect(within(form).getByRole('button', { name: '获取验证码' })).toBeEnabled();

    await user.type(within(form).getByLabelText('验证码'), '12ab');
    await user.click(within(form).getByRole('button', { name: '登录' }));
    expect(await within(form).findByText('请输入6位验证码')).toBeVisible();
  });
});
