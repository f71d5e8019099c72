import { demoAccount } from '@dfrm/server/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loginAs, setupApiServer, storeUser } from '@/test/api-server';
import { renderApp } from '@/test/render-app';
import { setViewport } from '@/test/viewport';

setupApiServer();

const linkNames = (container: HTMLElement) =>
  within(container)
    .getAllByRole('link')
    .map((link) => link.textContent);

describe('the phone menu (390 px)', () => {
  beforeEach(() => setViewport(390));
  afterEach(() => vi.restoreAllMocks());

  it("opens a drawer with the main shell's links for a student, the user and 退出登录; following a link closes it", async () => {
    storeUser(await loginAs('student01'));
    const { user, router } = renderApp({ path: '/course' });
    const header = await screen.findByRole('banner');
    // The user and the way out moved into the menu.
    expect(within(header).queryByRole('button', { name: '退出登录' })).not.toBeInTheDocument();

    const burger = await within(header).findByRole('button', { name: '打开导航菜单' });
    await user.hover(burger);
    expect(await screen.findByRole('tooltip', { name: '打开导航菜单' })).toBeVisible();
    await user.click(burger);

    const menu = await screen.findByRole('dialog');
    const nav = within(menu).getByRole('navigation', { name: '主导航' });
    expect(linkNames(nav)).toEqual([
      '课程',
      '学习中心',
      '我的课程',
      '我的作业',
      '我的考试',
      '课程通知',
      '课程课件',
    ]);
    expect(await within(menu).findByText(demoAccount('student01').realName)).toBeVisible();
    expect(within(menu).getByRole('button', { name: '退出登录' })).toBeVisible();

    await user.click(within(nav).getByRole('link', { name: '我的课程' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/teaching/student/mycourse'));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByRole('heading', { level: 1, name: '我的课程' })).toBeVisible();
  });

  it("shows the teaching area's own links for a teacher, and closes on a link to the page already shown", async () => {
    storeUser(await loginAs('teacher1'));
    const { user, router } = renderApp({ path: '/teaching-manage/teacher/notice/list' });
    await user.click(await screen.findByRole('button', { name: '打开导航菜单' }));
    const menu = await screen.findByRole('dialog');
    const nav = within(menu).getByRole('navigation', { name: '教学管理导航' });
    expect(linkNames(nav)).toEqual([
      '教学班级',
      '新建课程',
      '学生管理',
      '作业管理',
      '考试管理',
      '随堂测验',
      '题库与试卷',
      '学情概览',
      '通知管理',
      '课件管理',
      '返回课程首页',
    ]);

    await user.click(within(nav).getByRole('link', { name: '通知管理' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/teaching-manage/teacher/notice/list');

    await user.click(screen.getByRole('button', { name: '打开导航菜单' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('link', { name: '学生管理' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/teaching-manage/teacher/student/manage'),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('has no menu button on a desktop screen, where the header shows the navigation', async () => {
    setViewport(1280, 720);
    storeUser(await loginAs('teacher1'));
    renderApp({ path: '/course' });
    const header = await screen.findByRole('banner');
    expect(await within(header).findByRole('button', { name: '退出登录' })).toBeVisible();
    expect(within(header).queryByRole('button', { name: '打开导航菜单' })).not.toBeInTheDocument();
  });
});
