import { demoAccount } from '@dfrm/server/testing';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { loginAs, storeUser, setupApiServer } from '../../../test/api-server';
import { renderApp } from '../../../test/render-app';

setupApiServer();

const TEACHER1 = demoAccount('teacher1').realName;

describe('/course', () => {
  it("shows the user's school, role and user group from the server, and no made-up courses", async () => {
    storeUser(await loginAs('teacher1'));
    renderApp({ path: '/course' });

    expect(await screen.findByRole('heading', { name: `欢迎回来，${TEACHER1}` })).toBeVisible();
    expect(
      within(screen.getByRole('region', { name: '当前学校' })).getByText('演示金融科技学院'),
    ).toBeVisible();
    expect(within(screen.getByRole('region', { name: '当前身份' })).getByText('教师')).toBeVisible();
    expect(within(screen.getByRole('region', { name: '用户组' })).getByText(/资源池编号/)).toBeVisible();
    expect(within(screen.getByRole('region', { name: '我的课程' })).getByText('还没有课程')).toBeVisible();
  });

  it('redirects / to /course', async () => {
    storeUser(await loginAs('teacher1'));
    const { router } = renderApp({ path: '/' });
    expect(await screen.findByRole('heading', { name: `欢迎回来，${TEACHER1}` })).toBeVisible();
    expect(router.state.location.pathname).toBe('/course');
  });
});
