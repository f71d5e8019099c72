import { configure } from '@dfrm/sdk';
import { updateAnnounce } from '@dfrm/sdk/tms';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { API_BASE, loginAs, setupApiServer, storeUser } from '@/test/api-server';
import { renderApp } from '@/test/render-app';
import { createCourseFixture } from '@/test/teaching-fixture';

setupApiServer();

describe('student courses', () => {
  it('/teaching-manage/student opens 我的课程, whose course leads to its class detail with the notice tab', async () => {
    const course = await createCourseFixture('Python金融数据分析');
    const teacher = await loginAs('teacher1');
    configure({ baseUrl: API_BASE, getAuth: () => ({ token: teacher.token, userId: teacher.userId }) });
    await updateAnnounce({
      body: {
        schoolId: '1',
        courseId: course.courseId,
        title: '第一次课安排',
        content: '<p>带上电脑。</p>',
        status: 1,
        teachingClassIds: [course.class1, course.class2],
      },
    });
    storeUser(await loginAs('student20'));
    const { user, router } = renderApp({ path: '/teaching-manage/student' });

    const card = await screen.findByRole('listitem', { name: 'Python金融数据分析' });
    expect(router.state.location.pathname).toBe('/teaching-manage/student/mycourse');
    expect(within(card).getByText('进行中')).toBeVisible();
    expect(within(card).getByLabelText('1 条未读通知')).toBeVisible();

    await user.click(within(card).getByRole('link', { name: 'Python金融数据分析' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/teaching-manage/student/notice'));
    expect(await screen.findByRole('heading', { name: 'Python金融数据分析' })).toBeVisible();
    const tabs = screen.getByRole('tablist', { name: '课程内容' });
    expect(within(tabs).getByRole('tab', { name: /课程通知/ })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByRole('button', { name: /^未读 第一次课安排/ })).toBeVisible();

    await user.click(within(tabs).getByRole('tab', { name: /课程课件/ }));
    expect(await screen.findByText('暂无课件')).toBeVisible();
    expect(router.state.location.pathname).toBe('/teaching-manage/student/courseWare');
  });

  it('keeps teachers out of the student area', async () => {
    storeUser(await loginAs('teacher1'));
    renderApp({ path: '/teaching/student/mycourse' });
    expect(await screen.findByRole('heading', { name: '无权访问' })).toBeVisible();
    expect(screen.getByText(/该页面仅限学生使用/)).toBeVisible();
  });
});
