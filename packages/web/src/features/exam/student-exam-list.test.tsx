import { examinerGet } from '@dfrm/sdk/tms';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { api, loginAs, setupApiServer, storeUser } from '@/test/api-server';
import { renderApp } from '@/test/render-app';
import { clientAs, clientFor, HOUR } from '@/test/student-work-fixture';
import { EXAM_NAME, MINUTE, publishExam, questionId, sitElsewhere } from './student-test-fixture';

setupApiServer();

async function asStudent() {
  const session = await loginAs('student01');
  storeUser(session);
  return clientFor(session);
}

function rowOf(table: HTMLElement, name: string): HTMLElement {
  return within(table).getByText(name).closest('tr') as HTMLElement;
}

/** Headings go 1, 2, 3 without skipping a level, starting at 1. */
function expectHeadingsInOrder() {
  const levels = screen.getAllByRole('heading').map((heading) => Number(heading.tagName.slice(1)));
  expect(levels[0]).toBe(1);
  levels.forEach((level, index) => {
    if (index > 0) expect(level).toBeLessThanOrEqual(levels[index - 1]! + 1);
  });
}

describe('我的考试', () => {
  it('lists each exam with where it stands for the student and the action that fits', async () => {
    const teacher = await clientAs('teacher1');
    const now = api().clock.now();
    const open = await publishExam(teacher, { examName: '进行中的考试' });
    await publishExam(teacher, {
      examName: '下周的考试',
      startTime: now + HOUR,
      endTime: now + 3 * HOUR,
    });
    const answering = await publishExam(teacher, { examName: '作答中的考试' });
    const hidden = await publishExam(teacher, { examName: '不公开成绩的考试', resultPolicy: 0 });
    const scored = await publishExam(teacher, { examName: '已出分的考试', resultPolicy: 1 });
    await publishExam(teacher, {
      examName: '错过的考试',
      endTime: now + 30 * MINUTE,
      duration: 20,
    });
    const student = await asStudent();
    await student.call(examinerGet, { body: { examId: answering.examId } });
    await sitElsewhere(student, hidden.examId, { [questionId(hidden, 1)]: ['B'] });
    await sitElsewhere(student, scored.examId, { [questionId(scored, 1)]: ['B'] });
    // half an hour on: 错过的考试 ended without the student
    api().clock.advance(31 * MINUTE);

    const { user, router } = renderApp({ path: '/my/examination' });
    const table = await screen.findByRole('table', { name: '考试列表' });
    await within(table).findByText('进行中的考试');
    expect(screen.getByRole('heading', { level: 1, name: '我的考试' })).toBeVisible();

    const expectRow = (name: string, status: string[], action: string | null) => {
      const row = rowOf(table, name);
      for (const text of status) expect(within(row).getByText(text)).toBeVisible();
      if (action) expect(within(row).getByRole('link', { name: `${action} ${name}` })).toBeVisible();
      else expect(within(row).queryByRole('link')).not.toBeInTheDocument();
      return row;
    };
    expectRow('进行中的考试', ['进行中'], '进入考试');
    expectRow('下周的考试', ['未开始'], '考前须知');
    expectRow('作答中的考试', ['进行中', '作答中'], '继续作答');
    expectRow('不公开成绩的考试', ['已交卷'], '查看成绩');
    const scoredRow = expectRow('已出分的考试', ['成绩已发布'], '查看成绩');
    expect(within(scoredRow).getByText('10 / 50')).toBeVisible();
    expectRow('错过的考试', ['已结束', '缺考'], null);
    expect(within(rowOf(table, '进行中的考试')).getByText('60 分钟')).toBeVisible();

    // the filter asks the server for one phase
    await user.click(screen.getByRole('radio', { name: '未开始' }));
    await waitFor(() => expect(within(table).queryByText('进行中的考试')).not.toBeInTheDocument());
    expect(within(table).getByText('下周的考试')).toBeVisible();
    await user.click(screen.getByRole('radio', { name: '全部' }));

    // the actions lead to the notice page and to the card
    await user.click(await within(table).findByRole('link', { name: '进入考试 进行中的考试' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/attention'));
    expect(router.state.location.search).toEqual({ examId: open.examId });
    expect(await screen.findByRole('heading', { level: 1, name: '进行中的考试' })).toBeVisible();
  }, 60_000);

  it('says so when the student has no exams, and shows 我的考试 in the navigation', async () => {
    await asStudent();
    const { user } = renderApp({ path: '/course' });
    const nav = (await screen.findAllByRole('navigation', { name: '主导航' }))[0] as HTMLElement;
    await user.click(await within(nav).findByRole('link', { name: '我的考试' }));
    expect(await screen.findByText('暂无考试')).toBeVisible();
    expectHeadingsInOrder();
  });

  it('is for students only', async () => {
    storeUser(await loginAs('teacher1'));
    renderApp({ path: '/my/examination' });
    expect(await screen.findByRole('heading', { name: '无权访问' })).toBeVisible();
  });
});

describe('考前须知', () => {
  it('shows the rules, then 开始考试 starts the attempt and opens the card', async () => {
    const exam = await publishExam(await clientAs('teacher1'));
    await asStudent();
    const { user, router } = renderApp({ path: `/attention?examId=${exam.examId}` });
    expect(await screen.findByRole('heading', { level: 1, name: EXAM_NAME })).toBeVisible();
    const rules = screen.getByRole('region', { name: '考试规则' });
    expect(within(rules).getByText(/作答时长：60 分钟/)).toBeVisible();
    expect(within(rules).getByText(/共 5 题（单选题 1 题 10 分，多选题 1 题 10 分/)).toBeVisible();
    expect(within(rules).getByText(/总分 50 分，及格 30 分/)).toBeVisible();
    expect(within(rules).getByText(/答案在每次修改后自动保存；如果网络中断，请继续作答/)).toBeVisible();
    expect(screen.getByText('考试期间请勿离开页面。')).toBeVisible();
    expectHeadingsInOrder();

    await user.click(screen.getByRole('button', { name: '开始考试' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/examination/${exam.examId}`));
    expect(
      await screen.findByRole('timer', { name: /^剩余作答时间 59 分|^剩余作答时间 1 小时 0 分/ }),
    ).toBeVisible();
    expect(screen.getByRole('heading', { level: 2, name: /^第 1 题 · 单选题/ })).toBeVisible();
  }, 30_000);

  it('tells why the student cannot enter: not on the list, not open yet, already submitted', async () => {
    const teacher = await clientAs('teacher1');
    const now = api().clock.now();
    const others = await publishExam(teacher, { students: ['student02'] });
    const later = await publishExam(teacher, { startTime: now + HOUR, endTime: now + 3 * HOUR });
    const done = await publishExam(teacher);
    const student = await asStudent();
    await sitElsewhere(student, done.examId, {});

    const first = renderApp({ path: `/attention?examId=${others.examId}` });
    expect(await screen.findByRole('heading', { level: 1, name: '无法参加考试' })).toBeVisible();
    expect(
      screen.getByText('这场考试的考生名单里没有你，不能参加。如有疑问，请联系任课老师。'),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: '开始考试' })).not.toBeInTheDocument();
    first.unmount();

    const second = renderApp({ path: `/attention?examId=${later.examId}` });
    expect(await screen.findByRole('alert', { name: '考试尚未开始' })).toHaveTextContent(/考试将于 .* 开始/);
    expect(screen.getByRole('button', { name: '开始考试' })).toBeDisabled();
    second.unmount();

    renderApp({ path: `/attention?examId=${done.examId}` });
    expect(await screen.findByRole('alert', { name: '你已交卷' })).toBeVisible();
    expect(screen.getByRole('link', { name: '查看考试结果' })).toBeVisible();
  });
});
