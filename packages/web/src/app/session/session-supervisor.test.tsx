import { demoAccount } from '@dfrm/server/testing';
import { TIMEOUT_MESSAGE } from '@dfrm/sdk';
import { isLogin } from '@dfrm/sdk/user';
import { act, screen, waitFor, within } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { holdApi, loginAs, server, storeUser, setupApiServer } from '@/test/api-server';
import { renderApp } from '@/test/render-app';
import { LOGIN_POLL_MS } from '@/shared/session/login-check';
import { STORAGE_KEYS } from '@/shared/session/session-store';

setupApiServer();

const TEACHER1 = demoAccount('teacher1').realName;

afterEach(() => {
  vi.useRealTimers();
});

describe('session at start', () => {
  it('covers the page until the login check and school lookup finish', async () => {
    storeUser(await loginAs('teacher1'));
    // Hold the login check until the test lets it through to the server.
    const release = holdApi('post', '/api/user/islogin');
    const asked: string[] = [];
    const record = ({ request }: { request: Request }) => asked.push(new URL(request.url).pathname);
    server.events.on('request:start', record);
    renderApp({ path: '/course' });
    expect(await screen.findByRole('status')).toHaveTextContent('正在检查登录状态');
    // the school lookup does not wait for the check: both are on the way at once
    await waitFor(() => expect(asked.some((path) => path.endsWith('/getOwnUserGroup'))).toBe(true));
    server.events.removeListener('request:start', record);
    release();
    await waitFor(() => expect(screen.queryByText('正在检查登录状态…')).not.toBeInTheDocument());
    expect(await screen.findByRole('heading', { name: `欢迎回来，${TEACHER1}` })).toBeVisible();
  });

  it("errCode 3 shows 登录提示 with the server's message, then logs out, goes to /account and reloads", async () => {
    const first = await loginAs('teacher1');
    await loginAs('teacher1'); // a second login displaces the first session
    storeUser(first);
    const { user, router, reload } = renderApp({ path: '/course' });

    const dialog = await screen.findByRole('dialog', { name: '登录提示' });
    expect(dialog).toHaveTextContent('您的账号已在其他地方登录');
    expect(reload).not.toHaveBeenCalled();

    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(router.state.location.pathname).toBe('/account');
    expect(window.localStorage.getItem(STORAGE_KEYS.user)).toBeNull();
  });

  it('any other failure of the check logs out silently', async () => {
    storeUser(await loginAs('teacher1'));
    server.use(http.post('*/api/user/islogin', () => new HttpResponse('upstream down', { status: 500 })));
    const { router, reload } = renderApp({ path: '/course' });

    await waitFor(() => expect(router.state.location.pathname).toBe('/account'));
    expect(await screen.findByRole('heading', { name: '欢迎登录' })).toBeVisible();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(window.localStorage.getItem(STORAGE_KEYS.user)).toBeNull();
    expect(reload).not.toHaveBeenCalled();
  });
});

describe('login polling', () => {
  it(`checks again every ${LOGIN_POLL_MS / 1000} s and catches a session displaced meanwhile`, async () => {
    // Only the poll's interval is faked; requests and rendering run on real time.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    storeUser(await loginAs('teacher1'));
    renderApp({ path: '/course' });
    expect(await screen.findByRole('heading', { name: `欢迎回来，${TEACHER1}` })).toBeVisible();

    await loginAs('teacher1');
    await act(async () => {
      vi.advanceTimersByTime(LOGIN_POLL_MS - 1_000);
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await act(async () => {
      vi.advanceTimersByTime(1_000);
    });
    expect(await screen.findByRole('dialog', { name: '登录提示' })).toHaveTextContent(
      '您的账号已在其他地方登录',
    );
  });
});

describe('logout and the AI button', () => {
  it('shows the AI button only while a token exists; logout revokes the token and returns to /account', async () => {
    const teacher = await loginAs('teacher1');
    storeUser(teacher);
    const { user, router } = renderApp({
      path: '/course',
      config: { aiAssistantUrl: 'https://ai.example/chat' },
    });
    const header = await screen.findByRole('banner');
    expect(await within(header).findByRole('button', { name: 'AI 助手' })).toBeVisible();

    await user.click(within(header).getByRole('button', { name: '退出登录' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/account'));
    expect(screen.queryByRole('button', { name: 'AI 助手' })).not.toBeInTheDocument();
    expect(window.localStorage.getItem(STORAGE_KEYS.user)).toBeNull();
    // The server no longer accepts the old token.
    await expect(isLogin({ query: { token: teacher.token } })).rejects.toMatchObject({
      errCode: expect.any(Number),
    });
  });

  it('logs out locally even when the logout call fails', async () => {
    storeUser(await loginAs('teacher1'));
    server.use(http.post('*/api/user/logout', () => HttpResponse.error()));
    const { user, router } = renderApp({ path: '/course' });
    const header = await screen.findByRole('banner');
    await user.click(await within(header).findByRole('button', { name: '退出登录' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/account'));
    expect(window.localStorage.getItem(STORAGE_KEYS.user)).toBeNull();
  });

  it('has no AI button where no assistant is configured, and embeds it where one is', async () => {
    storeUser(await loginAs('teacher1'));
    const { user, unmount } = renderApp({ path: '/course' });
    const header = await screen.findByRole('banner');
    // The header is complete (the user's own controls are there) and has no AI button.
    expect(await within(header).findByRole('button', { name: '退出登录' })).toBeVisible();
    expect(within(header).queryByRole('button', { name: 'AI 助手' })).not.toBeInTheDocument();
    expect(screen.queryByText(/config\.json|aiAssistantUrl/)).not.toBeInTheDocument();
    unmount();

    renderApp({ path: '/course', config: { aiAssistantUrl: 'https://ai.example/chat' } });
    await user.click(await screen.findByRole('button', { name: 'AI 助手' }));
    expect(await screen.findByTitle('AI 助手')).toHaveAttribute('src', 'https://ai.example/chat');
  });
});

describe('the one error path', () => {
  it(`shows ${TIMEOUT_MESSAGE} when a call times out`, async () => {
    storeUser(await loginAs('teacher1'));
    server.use(
      http.post('*/api/usergroupinfo/v1/getOwnUserGroup', async () => {
        await delay('infinite');
        return HttpResponse.json({});
      }),
    );
    renderApp({ path: '/course', timeoutMs: 300 });
    // A notification, and the page that could not load says the same.
    const shown = await screen.findAllByText(TIMEOUT_MESSAGE);
    expect(shown[0]).toBeVisible();
    expect(document.querySelector('.mantine-Notification-root')).toHaveTextContent(TIMEOUT_MESSAGE);
  });

  it("shows the server's errMsg for a failed call", async () => {
    storeUser(await loginAs('teacher1'));
    server.use(
      http.get('*/api/clientUser/v2/userLogin', () =>
        HttpResponse.json({ errCode: 10, errMsg: '服务器内部错误', data: null }, { status: 500 }),
      ),
    );
    renderApp({ path: '/course' });
    await screen.findAllByText('服务器内部错误');
    expect(document.querySelector('.mantine-Notification-root')).toHaveTextContent('服务器内部错误');
  });
});
