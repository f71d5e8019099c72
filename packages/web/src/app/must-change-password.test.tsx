import type { User } from '@dfrm/sdk/user';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '@/shared/session/session-store';
import {
  liveSessionCount,
  loginAs,
  resetToInitialPassword,
  setupApiServer,
  storeUser,
} from '@/test/api-server';
import { renderApp } from '@/test/render-app';

setupApiServer();

const TARGET = '/teaching/student/mycourse';

function storedUser(): Record<string, unknown> | null {
  return JSON.parse(window.localStorage.getItem(STORAGE_KEYS.user) ?? 'null') as Record<
    string,
    unknown
  > | null;
}

async function changePassword(form: HTMLElement, user: ReturnType<typeof renderApp>['user'], old: string) {
  await user.type(within(form).getByLabelText('原密码'), old);
  await user.type(within(form).getByLabelText('新密码'), 'abcdefgh1');
  await user.type(within(form).getByLabelText('确认新密码'), 'abcdefgh1');
  await user.click(within(form).getByRole('button', { name: '确认修改' }));
}

describe('a stored session that must still change the initial password', () => {
  it('is routed to the 修改初始密码 form on a deep link, then lands where it wanted', async () => {
    const initial = await resetToInitialPassword('student05');
    const loggedIn = await loginAs('student05', initial);
    expect(loggedIn.mustChangePassword).toBe(true);
    storeUser(loggedIn);

    const { user, router } = renderApp({ path: TARGET });
    const form = await screen.findByRole('form', { name: '修改初始密码' });
    expect(router.state.location.pathname).toBe('/account');
    expect(router.state.location.search).toEqual({ redirect: TARGET });
    // the page it asked for was never opened: its calls would all be refused
    expect(screen.queryByText('请先修改初始密码')).toBeNull();

    await changePassword(form, user, initial);
    await waitFor(() => expect(router.state.location.pathname).toBe(TARGET));
    expect(storedUser()).toMatchObject({ userName: 'student05', mustChangePassword: false });
    expect(await loginAs('student05', 'abcdefgh1')).toMatchObject({ mustChangePassword: false });
  });

  it('can log out from the form instead, leaving this device and revoking the token', async () => {
    const initial = await resetToInitialPassword('student08');
    const loggedIn = await loginAs('student08', initial);
    storeUser(loggedIn);
    const { user, router } = renderApp({ path: TARGET });
    const form = await screen.findByRole('form', { name: '修改初始密码' });
    await user.click(within(form).getByRole('button', { name: '退出登录，换个账号' }));
    expect(await screen.findByRole('form', { name: '账号登录' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/account');
    expect(storedUser()).toBeNull();
    // the token was revoked on the server
    await waitFor(async () => expect(await liveSessionCount('student08')).toBe(0));
  });

  it('is sent there by the first refusal when the stored session did not know it yet', async () => {
    const initial = await resetToInitialPassword('student06');
    const { mustChangePassword, ...stored } = await loginAs('student06', initial);
    expect(mustChangePassword).toBe(true);
    // as a session stored before the server asked for the change
    storeUser(stored satisfies User);

    const { router } = renderApp({ path: TARGET });
    const form = await screen.findByRole('form', { name: '修改初始密码' });
    expect(router.state.location.pathname).toBe('/account');
    expect(router.state.location.search).toEqual({ redirect: TARGET });
    // the refusal opens the form instead of a red notification
    expect(screen.queryByText('请先修改初始密码')).toBeNull();
    expect(storedUser()).toMatchObject({ userName: 'student06', mustChangePassword: true });
    expect(within(form).getByLabelText('原密码')).toBeVisible();
  });

  it('stays on the form after a reload, until the password is changed', async () => {
    const initial = await resetToInitialPassword('student07');
    storeUser(await loginAs('student07', initial));

    const first = renderApp({ path: '/course' });
    await screen.findByRole('form', { name: '修改初始密码' });
    first.unmount();

    // a reload: the guard reads the stored mark again
    const { router, user } = renderApp({ path: '/course' });
    const form = await screen.findByRole('form', { name: '修改初始密码' });
    expect(router.state.location.pathname).toBe('/account');
    await changePassword(form, user, initial);
    await waitFor(() => expect(router.state.location.pathname).toBe('/course'));
  });
});
