import { demoAccount } from '@dfrm/server/testing';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { loginAs, storeUser, setupApiServer } from '@/test/api-server';
import { createCourseAs } from '@/test/course-helpers';
import { renderApp } from '@/test/render-app';

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

  it("lists a teacher's courses as cards that open the class detail", async () => {
    await createCourseAs('teacher1', '量化投资基础', ['金融工程2026级1班', '金融工程2026级2班']);
    storeUser(await loginAs('teacher1'));
    const { user, router } = renderApp({ path: '/course' });

    const region = await screen.findByRole('region', { name: '我的课程' });
    const card = within(region).getByRole('article', { name: '量化投资基础' });
    expect(within(card).getByText('金融工程2026级1班、金融工程2026级2班')).toBeVisible();
    expect(within(card).getByText('30 名学生')).toBeVisible();
    await user.click(within(card).getByRole('link', { name: '量化投资基础' }));
    expect(await screen.findByRole('tablist', { name: '班级详情' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/teaching-manage/teacher/class-detail');
  });

  it("lists a student's courses with their teacher and class", async () => {
    await createCourseAs('teacher1', '量化投资基础', ['金融工程2026级1班']);
    await createCourseAs('teacher2', '金融数据分析', ['金融工程2026级2班']);
    storeUser(await loginAs('student01'));
    renderApp({ path: '/course' });

    const region = await screen.findByRole('region', { name: '我的课程' });
    const card = within(region).getByRole('article', { name: '量化投资基础' });
    expect(within(card).getByText(`${TEACHER1} · 金融工程2026级1班`)).toBeVisible();
    expect(within(region).queryByRole('article', { name: '金融数据分析' })).not.toBeInTheDocument();
  });

  it('redirects / to /course', async () => {
    storeUser(await loginAs('teacher1'));
    const { router } = renderApp({ path: '/' });
    expect(await screen.findByRole('heading', { name: `欢迎回来，${TEACHER1}` })).toBeVisible();
    expect(router.state.location.pathname).toBe('/course');
  });
});
