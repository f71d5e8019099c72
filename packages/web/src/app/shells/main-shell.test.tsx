import { demoAccount } from '@dfrm/server/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { grantSchoolRole, loginAs, storeUser, setupApiServer } from '@/test/api-server';
import { renderApp } from '@/test/render-app';

setupApiServer();

describe('main shell header', () => {
  it('shows who is signed in, the school and the role, and only real navigation', async () => {
    storeUser(await loginAs('teacher1'));
    renderApp({ path: '/course' });
    const header = await screen.findByRole('banner');
    const who = within(header).getByRole('group', { name: '当前用户' });
    expect(await within(who).findByText(demoAccount('teacher1').realName)).toBeVisible();
    expect(await within(who).findByText('演示金融科技学院')).toBeVisible();
    expect(within(who).getByText('教师')).toBeVisible();
    const nav = within(header).getByRole('navigation', { name: '主导航' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([
      '课程',
      '教学班级',
      '学生管理',
      '作业管理',
      '考试管理',
      '题库与试卷',
      '教学管理',
      '学情概览',
      '学习情况',
    ]);
    // A single-role user has nothing to switch.
    expect(within(header).queryByRole('radiogroup', { name: '切换身份' })).not.toBeInTheDocument();
  });

  it('switches between teacher and student for a user holding both', async () => {
    const teacher = await loginAs('teacher2');
    await grantSchoolRole(teacher.userId, 'student');
    storeUser(teacher);
    const { user } = renderApp({ path: '/course' });
    const header = await screen.findByRole('banner');
    const roles = await within(header).findByRole('radiogroup', { name: '切换身份' });
    expect(within(roles).getByRole('radio', { name: '教师' })).toBeChecked();

    await user.click(within(roles).getByRole('radio', { name: '学生' }));
    await waitFor(() => expect(within(roles).getByRole('radio', { name: '学生' })).toBeChecked());
    expect(await screen.findByText('已切换为学生身份')).toBeVisible();
    // The home re-reads the school from the server under the new role: the student's sections.
    expect(await screen.findByRole('region', { name: '未读通知' })).toBeVisible();
    expect(screen.queryByRole('navigation', { name: '快捷操作' })).not.toBeInTheDocument();
  });
});
