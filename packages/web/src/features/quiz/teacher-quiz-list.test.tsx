import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { api, loginAs, setupApiServer, storeUser } from '@/test/api-server';
import { renderApp } from '@/test/render-app';
import { createCourseFixture } from '@/test/teaching-fixture';
import { saveQuiz, takeQuiz } from './teacher-quiz-test-fixture';

setupApiServer();

const DAY = 24 * 60 * 60 * 1000;

/** The list row of a quiz, by its name. */
async function rowOf(name: string): Promise<HTMLElement> {
  const table = await screen.findByRole('table', { name: '测验列表' });
  const link = await within(table).findByRole('link', { name });
  return link.closest('tr') as HTMLElement;
}

describe('the teacher’s quiz list', () => {
  it('publishes a draft, ends it and distributes its answers after saying what that does', async () => {
    const course = await createCourseFixture();
    const quiz = await saveQuiz(course, '第一章随堂测验');
    storeUser(await loginAs('teacher1'));
    // the class page's 测验 tab
    const first = renderApp({
      path: `/teaching-manage/teacher/class-detail?courseId=${course.courseId}&tab=quizzes`,
    });
    const { user } = first;

    const draft = within(await rowOf('第一章随堂测验'));
    expect(draft.getByText('草稿')).toBeVisible();
    expect(draft.getByText('3 题 · 20 分 · 限时 20 分钟')).toBeVisible();
    expect(draft.getByText('金融工程2026级1班')).toBeVisible();

    await user.click(draft.getByRole('button', { name: '发布 第一章随堂测验' }));
    const publish = await screen.findByRole('dialog', { name: '发布测验' });
    expect(within(publish).getByText('金融工程2026级1班')).toBeVisible();
    await user.click(within(publish).getByRole('button', { name: '发布' }));
    expect(await screen.findByText('测验已发布')).toBeVisible();
    const open = within(await rowOf('第一章随堂测验'));
    expect(await open.findByText('进行中')).toBeVisible();

    // two students hand in: the list counts them
    await takeQuiz('student01', quiz, [['B'], ['true'], ['Sharpe']]);
    await takeQuiz('student02', quiz, [['A'], ['true'], null]);
    first.unmount();
    storeUser(await loginAs('teacher1'));
    const { user: again } = renderApp({
      path: `/teaching-manage/teacher/test/list?courseId=${course.courseId}`,
    });
    const running = within(await rowOf('第一章随堂测验'));
    expect(running.getByRole('cell', { name: '2' })).toBeVisible();
    // answers go out only after the end
    expect(running.queryByRole('button', { name: '分发答案 第一章随堂测验' })).not.toBeInTheDocument();

    await again.click(running.getByRole('button', { name: '结束 第一章随堂测验' }));
    const end = await screen.findByRole('dialog', { name: '结束测验' });
    expect(within(end).getByText(/正在作答的答卷按已保存的答案立即交卷/)).toBeVisible();
    await again.click(within(end).getByRole('button', { name: '结束' }));
    expect(await screen.findByText('测验已结束')).toBeVisible();

    const ended = within(await rowOf('第一章随堂测验'));
    await again.click(await ended.findByRole('button', { name: '分发答案 第一章随堂测验' }));
    const distribute = await screen.findByRole('dialog', { name: '分发答案' });
    expect(within(distribute).getByText(/学生在成绩页能看到每道题的标准答案和解析/)).toBeVisible();
    expect(within(distribute).getByText('分发不能撤回，测验也不能再重新开放。')).toBeVisible();
    await again.click(within(distribute).getByRole('button', { name: '分发答案' }));
    expect(await screen.findByText('答案已分发给学生')).toBeVisible();
    expect(await within(await rowOf('第一章随堂测验')).findByText('答案已分发')).toBeVisible();

    const stored = (await api().db.execute(
      `select status, answers_distributed from quizzes where name = '第一章随堂测验'`,
    )) as unknown as { rows: { status: number; answers_distributed: boolean }[] };
    expect(stored.rows[0]?.answers_distributed).toBe(true);
  }, 60_000);

  it('shows the server’s refusal, and deletes a draft', async () => {
    const course = await createCourseFixture();
    const now = api().clock.now();
    await saveQuiz(course, '过期的测验', { startTime: now - 2 * DAY, endTime: now - DAY });
    storeUser(await loginAs('teacher1'));
    const { user } = renderApp({ path: `/teaching-manage/teacher/test/list?courseId=${course.courseId}` });

    const late = within(await rowOf('过期的测验'));
    await user.click(late.getByRole('button', { name: '发布 过期的测验' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: '发布测验' })).getByRole('button', { name: '发布' }),
    );
    expect(await screen.findByText('截止时间已过，请先修改截止时间再发布')).toBeVisible();
    expect(within(await rowOf('过期的测验')).getByText('草稿')).toBeVisible();

    await user.click(late.getByRole('button', { name: '操作 过期的测验' }));
    await user.click(await screen.findByRole('menuitem', { name: '删除' }));
    const confirm = await screen.findByRole('dialog', { name: '删除测验' });
    await user.click(within(confirm).getByRole('button', { name: '删除' }));
    expect(await screen.findByText('测验已删除')).toBeVisible();
    expect(await screen.findByText('还没有测验')).toBeVisible();
  }, 60_000);

  it('refuses a student the teacher’s quiz pages', async () => {
    storeUser(await loginAs('student01'));
    const { router } = renderApp({ path: '/teaching-manage/student/mycourse' });
    await screen.findByRole('navigation', { name: '学习中心导航' });
    for (const href of ['/teaching-manage/teacher/test/list', '/review-test/1']) {
      await router.navigate({ href });
      await waitFor(() => expect(router.state.location.pathname).toBe(href));
      expect(await screen.findByRole('heading', { name: '无权访问' })).toBeVisible();
    }
  });
});
