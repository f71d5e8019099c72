import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { observeServerTime } from '@/lib/server-clock';
import { api, loginAs, setupApiServer, storeUser } from '@/test/api-server';
import { renderApp } from '@/test/render-app';
import { clientAs, clientFor, DAY } from '@/test/student-work-fixture';
import {
  answerElsewhere,
  distributeAnswers,
  MINUTE,
  paperOf,
  publishQuiz,
} from '@/test/student-quiz-fixture';
import { createCourseFixture } from '@/test/teaching-fixture';

setupApiServer();

const LOAD = { timeout: 10_000 };

async function asStudent() {
  const session = await loginAs('student01');
  storeUser(session);
  // the list answers no server time: the browser's clock is taken to agree with the server's
  // (the reference server's starts on 2026-03-02)
  observeServerTime(api().clock.now());
  return clientFor(session);
}

describe('the student quiz list', () => {
  it('offers what fits each quiz: start, continue, the result, nothing before the start', async () => {
    const course = await createCourseFixture();
    const teacher = await clientAs('teacher1');
    const fresh = await publishQuiz(teacher, course, { quizName: '测验一：未作答' });
    const started = await publishQuiz(teacher, course, { quizName: '测验二：作答中' });
    const done = await publishQuiz(teacher, course, { quizName: '测验三：已交卷' });
    await publishQuiz(teacher, course, { quizName: '测验四：明天开始', startIn: DAY, endIn: 2 * DAY });
    const student = await asStudent();
    await answerElsewhere(student, started, [['B']]);
    const handedIn = await answerElsewhere(student, done, [['B'], ['A'], ['true']], { handIn: true });

    const { user, router } = renderApp({
      path: `/teaching-manage/student/test/list?courseId=${course.courseId}`,
    });
    const table = await screen.findByRole('table', { name: '测验列表' }, LOAD);
    await within(table).findByText('测验四：明天开始', {}, LOAD);

    const row = (name: string) => within(table).getByText(name).closest('tr') as HTMLElement;
    expect(within(row('测验一：未作答')).getByText('可作答')).toBeVisible();
    expect(within(row('测验二：作答中')).getByText('作答中')).toBeVisible();
    expect(within(row('测验三：已交卷')).getByText('已交卷')).toBeVisible();
    expect(within(row('测验三：已交卷')).getByText('15 / 30')).toBeVisible();
    expect(within(row('测验四：明天开始')).getByText('未开始')).toBeVisible();
    expect(
      within(row('测验四：明天开始')).getByRole('link', { name: '查看 测验四：明天开始' }),
    ).toHaveAttribute('href', expect.stringContaining('/teaching-manage/student/test/detail?'));

    expect(screen.getByRole('link', { name: '开始作答 测验一：未作答' })).toHaveAttribute(
      'href',
      `/start-test/${fresh.quizId}`,
    );
    expect(screen.getByRole('link', { name: '继续作答 测验二：作答中' })).toHaveAttribute(
      'href',
      `/start-test/${started.quizId}`,
    );
    expect(screen.getByRole('link', { name: '查看结果 测验三：已交卷' })).toHaveAttribute(
      'href',
      `/test-result-student/${handedIn.paperId}`,
    );

    // my statistics of the course: 4 quizzes, 1 handed in (50 %), 3 not yet
    const stats = screen.getByRole('region', { name: '我的测验统计' });
    await waitFor(() => expect(within(stats).getByText('测验数').nextSibling).toHaveTextContent('4'));
    expect(within(stats).getByText('已交卷').nextSibling).toHaveTextContent('1');
    expect(within(stats).getByText('未交卷').nextSibling).toHaveTextContent('3');
    expect(within(stats).getByText('平均得分率').nextSibling).toHaveTextContent('50%');

    // only what is not handed in yet
    await user.click(screen.getByRole('radio', { name: '未交卷' }));
    await waitFor(() => expect(within(table).queryByText('测验三：已交卷')).not.toBeInTheDocument(), LOAD);
    expect(within(table).getByText('测验一：未作答')).toBeVisible();

    await user.click(screen.getByRole('link', { name: '开始作答 测验一：未作答' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/start-test/${fresh.quizId}`));
  }, 30_000);

  it('has a 测验 tab in the class page, and a quiz’s detail with the class comparison', async () => {
    const course = await createCourseFixture();
    const teacher = await clientAs('teacher1');
    const quiz = await publishQuiz(teacher, course, { quizName: '第一章随堂测验' });
    const student = await asStudent();
    await answerElsewhere(student, quiz, [['B'], ['A', 'C'], ['true'], ['sharpe']], { handIn: true });

    const { user } = renderApp({ path: `/teaching-manage/student/notice?courseId=${course.courseId}` });
    await user.click(await screen.findByRole('tab', { name: '课程测验' }, LOAD));
    const table = await screen.findByRole('table', { name: '测验列表' }, LOAD);
    await user.click(await within(table).findByRole('link', { name: '第一章随堂测验' }, LOAD));

    expect(await screen.findByRole('heading', { name: '第一章随堂测验' }, LOAD)).toBeVisible();
    expect(screen.getByRole('tab', { name: '课程测验' })).toHaveAttribute('aria-selected', 'true');
    const comparison = await screen.findByRole('table', { name: '班级测验对比' }, LOAD);
    const row = (await within(comparison).findByText('本测验', {}, LOAD)).closest('tr') as HTMLElement;
    // 30 of 30, alone in the class: the average and the best are mine, first of 1 of 15
    expect(within(row).getByText('30 / 30')).toBeVisible();
    expect(within(row).getByText('1 / 1')).toBeVisible();
    expect(within(row).getByText('1 / 15')).toBeVisible();
  }, 30_000);
});

describe('starting a quiz', () => {
  it('shows the quiz first, and 开始作答 creates the paper', async () => {
    const course = await createCourseFixture();
    const quiz = await publishQuiz(await clientAs('teacher1'), course);
    const student = await asStudent();

    const { user } = renderApp({ path: `/start-test/${quiz.quizId}` });
    expect(await screen.findByRole('heading', { name: '第一章随堂测验' }, LOAD)).toBeVisible();
    expect(screen.getByText('20 分钟')).toBeVisible();
    expect(screen.getByText('4 题')).toBeVisible();
    expect(screen.getByText('30 分')).toBeVisible();
    expect(screen.getByText('独立完成，限时 20 分钟。')).toBeVisible();
    expect(await paperOf(student, quiz.quizId)).toBeNull();

    await user.click(screen.getByRole('button', { name: '开始作答' }));
    expect(await screen.findByRole('heading', { name: '第 1 题' }, LOAD)).toBeVisible();
    expect(screen.getByRole('timer')).toHaveAccessibleName(/剩余时间 (19 分 \d+ 秒|20 分 0 秒)/);
    expect(screen.getByRole('navigation', { name: '答题卡' })).toBeVisible();
    const paper = await paperOf(student, quiz.quizId);
    expect(paper).toMatchObject({ status: 0 });
  }, 30_000);

  it('tells why a quiz cannot be started yet', async () => {
    const course = await createCourseFixture();
    const quiz = await publishQuiz(await clientAs('teacher1'), course, { startIn: DAY, endIn: 2 * DAY });
    await asStudent();
    renderApp({ path: `/start-test/${quiz.quizId}` });
    expect(await screen.findByRole('heading', { name: '第一章随堂测验' }, LOAD)).toBeVisible();
    expect(screen.getByRole('button', { name: /开始$/ })).toBeDisabled();
    expect(screen.queryByRole('button', { name: '开始作答' })).not.toBeInTheDocument();
  }, 30_000);
});

describe('who may open the quiz card', () => {
  it('shows 无权访问 to a teacher, before anything of the quiz is read', async () => {
    const course = await createCourseFixture();
    const quiz = await publishQuiz(await clientAs('teacher1'), course);
    storeUser(await loginAs('teacher1'));
    renderApp({ path: `/start-test/${quiz.quizId}` });
    expect(await screen.findByRole('heading', { name: '无权访问' }, LOAD)).toBeVisible();
    expect(screen.queryByRole('button', { name: '开始作答' })).not.toBeInTheDocument();
  }, 30_000);

  it('tells a student of another class that the quiz is not theirs', async () => {
    const course = await createCourseFixture();
    const quiz = await publishQuiz(await clientAs('teacher1'), course);
    // student16 is in 2班, the quiz is for 1班
    storeUser(await loginAs('student16'));
    renderApp({ path: `/start-test/${quiz.quizId}` });
    expect(await screen.findByRole('alert', { name: '测验加载失败' }, LOAD)).toBeVisible();
    expect(screen.queryByRole('button', { name: '开始作答' })).not.toBeInTheDocument();
  }, 30_000);
});

describe('the result', () => {
  it('hides the key and the analyses until the teacher gives them out', async () => {
    const course = await createCourseFixture();
    const teacher = await clientAs('teacher1');
    const quiz = await publishQuiz(teacher, course, { endIn: 60 * MINUTE });
    const student = await asStudent();
    const paper = await answerElsewhere(student, quiz, [['B'], ['A'], ['true'], null], { handIn: true });

    const first = renderApp({ path: `/test-result-student/${paper.paperId}` });
    expect(await screen.findByRole('heading', { name: '第一章随堂测验' }, LOAD)).toBeVisible();
    expect(screen.getByText('15 / 30')).toBeVisible();
    expect(screen.getByText('2 / 4 题')).toBeVisible();
    expect(screen.getByRole('alert', { name: '答案尚未公布' })).toBeVisible();
    const second = screen.getByRole('region', { name: '第 2 题' });
    expect(within(second).getByText('错误')).toBeVisible();
    expect(within(second).getByText('A')).toBeVisible();
    expect(screen.getByRole('region', { name: '第 4 题' })).toHaveTextContent('未作答');
    expect(screen.queryByText('标准答案：')).not.toBeInTheDocument();
    expect(screen.queryByText(/夏普比率等于超额收益/)).not.toBeInTheDocument();
    first.unmount();

    await distributeAnswers(teacher, quiz.quizId);
    renderApp({ path: `/test-result/${quiz.quizId}` });
    const secondAgain = await screen.findByRole('region', { name: '第 2 题' }, LOAD);
    expect(screen.queryByRole('alert', { name: '答案尚未公布' })).not.toBeInTheDocument();
    expect(secondAgain).toHaveTextContent('标准答案：A、C');
    expect(secondAgain).toHaveTextContent('波动率和最大回撤都度量风险。');
    expect(screen.getByRole('region', { name: '第 4 题' })).toHaveTextContent(
      '标准答案：第 1 空：夏普比率 或 Sharpe',
    );
  }, 30_000);
});
