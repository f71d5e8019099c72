import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { loginAs, setupApiServer, storeUser } from '@/test/api-server';
import { renderApp } from '@/test/render-app';

setupApiServer();

describe('页面不存在', () => {
  it('shows an unknown address inside the main shell, with 回到首页', async () => {
    storeUser(await loginAs('teacher1'));
    const { user, router } = renderApp({ path: '/foo/bar' });
    expect(await screen.findByRole('heading', { level: 1, name: '页面不存在' })).toBeVisible();
    // The shell stays: its header with the main navigation.
    const header = screen.getByRole('banner');
    expect(within(header).getByRole('navigation', { name: '主导航' })).toBeInTheDocument();
    // Opened directly: there is no previous page of ours, so 返回上一页 goes home as well.
    await user.click(screen.getByRole('button', { name: '返回上一页' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/course'));
  });

  it('keeps the teaching area shell and goes back to the page before', async () => {
    storeUser(await loginAs('teacher1'));
    const { user, router } = renderApp({ path: '/teaching-manage/teacher/notice/list' });
    await screen.findByRole('navigation', { name: '教学管理导航' });
    await router.navigate({ to: '/teaching-manage/nothing/here' as string });
    expect(await screen.findByRole('heading', { level: 1, name: '页面不存在' })).toBeVisible();
    expect(screen.getByRole('navigation', { name: '教学管理导航' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: '返回上一页' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/teaching-manage/teacher/notice/list'));

    await router.navigate({ to: '/teaching/nothing' as string });
    const home = await screen.findByRole('link', { name: '回到首页' });
    await user.click(home);
    await waitFor(() => expect(router.state.location.pathname).toBe('/course'));
  });
});
