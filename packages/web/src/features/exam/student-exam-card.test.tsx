import { examinerGet, examinerStatusGet } from '@dfrm/sdk/tms';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, holdApi, loginAs, server, setupApiServer, storeUser } from '@/test/api-server';
import { renderApp } from '@/test/render-app';
import { clientAs, clientFor } from '@/test/student-work-fixture';
import {
  EXAM_NAME,
  type ExamOptions,
  MINUTE,
  publishExam,
  questionId,
  savedAnswersOf,
} from './student-test-fixture';

setupApiServer();
afterEach(() => vi.restoreAllMocks());

const SAVE = '/api/examination/user/examiner/status/save';
const SUBMIT = '/api/examination/user/examiner/results/submit';
// the queue's pause (0.8 s) and a round trip, on a busy machine
const SAVE_WAIT = { timeout: 15_000 };
const LONG_TEST = 60_000;

/** student01 has entered an exam (from the notice page) and opens its card. */
async function openCard(options: ExamOptions = {}) {
  const exam = await publishExam(await clientAs('teacher1'), options);
  const session = await loginAs('student01');
  storeUser(session);
  const student = clientFor(session);
  await student.call(examinerGet, { body: { examId: exam.examId } });
  const view = renderApp({ path: `/examination/${exam.examId}` });
  await screen.findByRole('heading', { level: 1, name: EXAM_NAME }, { timeout: 10_000 });
  return { exam, student, ...view };
}

const saveStatus = () => screen.getByRole('status', { name: '保存状态' });
const sheet = () => screen.getByRole('navigation', { name: '答题卡' });

async function goTo(user: ReturnType<typeof renderApp>['user'], orderNo: number) {
  await user.click(within(sheet()).getByRole('button', { name: new RegExp(`^第 ${orderNo} 题，`) }));
  await screen.findByRole('heading', { level: 2, name: new RegExp(`^第 ${orderNo} 题 · `) });
}

function expectEveryControlNamed() {
  for (const role of ['button', 'radio', 'checkbox', 'textbox', 'link', 'timer'] as const) {
    expect(screen.queryAllByRole(role, { name: (name) => name.trim() === '' })).toEqual([]);
  }
  const levels = screen.getAllByRole('heading').map((heading) => Number(heading.tagName.slice(1)));
  expect(levels[0]).toBe(1);
  levels.forEach((level, index) => {
    if (index > 0) expect(level).toBeLessThanOrEqual(levels[index - 1]! + 1);
  });
}

describe('the exam card', () => {
  it(
    'shows 已保存 only once the server acknowledged the answer, and takes every question type',
    async () => {
      const { exam, student, user } = await openCard();
      expect(screen.getByRole('timer', { name: /^剩余作答时间 (59 分|1 小时 0 分)/ })).toBeVisible();
      expect(screen.getByText('共 5 题，已作答 0 题')).toBeVisible();
      expectEveryControlNamed();

      // the save is held on its way: the answer is not shown as saved meanwhile
      const release = holdApi('post', SAVE);
      await user.click(screen.getByRole('radio', { name: 'B. 夏普比率' }));
      expect(saveStatus()).toHaveTextContent('保存中…');
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      expect(saveStatus()).toHaveTextContent('保存中…');
      expect(within(sheet()).getByRole('button', { name: '第 1 题，已作答，未保存' })).toHaveAttribute(
        'aria-current',
        'step',
      );
      release();
      await waitFor(() => expect(saveStatus()).toHaveTextContent(/^已保存 \d\d:\d\d:\d\d$/), SAVE_WAIT);
      expect((await savedAnswersOf(student, exam.examId)).get(questionId(exam, 1))).toEqual(['B']);
      expect(within(sheet()).getByRole('button', { name: '第 1 题，已作答' })).toBeVisible();

      // multiple choice, true/false, blanks, short answer; a flag to come back to
      await user.click(screen.getByRole('button', { name: /下一题/ }));
      await user.click(screen.getByRole('checkbox', { name: 'C. 最大回撤' }));
      await user.click(screen.getByRole('checkbox', { name: 'A. 波动率' }));
      await goTo(user, 3);
      await user.click(screen.getByRole('radio', { name: '正确' }));
      await goTo(user, 4);
      await user.type(screen.getByRole('textbox', { name: '第 1 空' }), '波动率');
      await user.type(screen.getByRole('textbox', { name: '第 2 空' }), '最大回撤');
      await goTo(user, 5);
      await user.type(screen.getByRole('textbox', { name: '你的答案' }), '追涨杀跌');
      await user.click(screen.getByRole('button', { name: '标记本题' }));
      expect(screen.getByRole('button', { name: '已标记' })).toHaveAttribute('aria-pressed', 'true');
      expect(within(sheet()).getByRole('button', { name: /^第 5 题，已作答，已标记/ })).toBeVisible();
      await waitFor(() => expect(saveStatus()).toHaveTextContent(/^已保存/), SAVE_WAIT);
      expect(screen.getByText('共 5 题，已作答 5 题')).toBeVisible();
      expectEveryControlNamed();

      const saved = await savedAnswersOf(student, exam.examId);
      expect(saved.get(questionId(exam, 2))).toEqual(['A', 'C']);
      expect(saved.get(questionId(exam, 3))).toEqual(['T']);
      expect(saved.get(questionId(exam, 4))).toEqual(['波动率', '最大回撤']);
      expect(saved.get(questionId(exam, 5))).toEqual(['追涨杀跌']);
    },
    LONG_TEST,
  );

  it(
    'keeps answering without network: answers are kept, shown unsaved, and sent when back online',
    async () => {
      const { exam, student, user } = await openCard();
      // the browser says it lost the network: the page says so before any save fails
      vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
      window.dispatchEvent(new Event('offline'));
      expect(await screen.findByRole('alert', { name: '网络已断开' })).toBeVisible();
      vi.restoreAllMocks();
      window.dispatchEvent(new Event('online'));
      await waitFor(() =>
        expect(screen.queryByRole('alert', { name: '网络已断开' })).not.toBeInTheDocument(),
      );

      // saves get no answer
      server.use(http.post(`*${SAVE}`, () => HttpResponse.error()));
      await user.click(screen.getByRole('radio', { name: 'B. 夏普比率' }));
      expect(
        await screen.findByRole('alert', { name: '答案暂时无法保存（网络错误）' }, SAVE_WAIT),
      ).toBeVisible();
      expect(saveStatus()).toHaveTextContent('未保存（离线）');
      await goTo(user, 3);
      await user.click(screen.getByRole('radio', { name: '错误' }));
      expect(saveStatus()).toHaveTextContent('未保存（离线）');
      expect(within(sheet()).getByRole('button', { name: '第 1 题，已作答，未保存' })).toBeVisible();
      expect(screen.getByText('共 5 题，已作答 2 题，2 题待保存')).toBeVisible();
      expect((await savedAnswersOf(student, exam.examId)).size).toBe(0);

      // back online: what waited goes
      server.resetHandlers();
      window.dispatchEvent(new Event('online'));
      await waitFor(() => expect(saveStatus()).toHaveTextContent(/^已保存/), SAVE_WAIT);
      expect(screen.queryByRole('alert', { name: /答案暂时无法保存|网络已断开/ })).not.toBeInTheDocument();
      const saved = await savedAnswersOf(student, exam.examId);
      expect(saved.get(questionId(exam, 1))).toEqual(['B']);
      expect(saved.get(questionId(exam, 3))).toEqual(['F']);
    },
    LONG_TEST,
  );

  it(
    'continues after a reload with every saved answer, and another device with the server’s',
    async () => {
      const { exam, student, user, unmount } = await openCard();
      await user.click(screen.getByRole('radio', { name: 'B. 夏普比率' }));
      await goTo(user, 4);
      await user.type(screen.getByRole('textbox', { name: '第 1 空' }), '波动率');
      await waitFor(() => expect(saveStatus()).toHaveTextContent(/^已保存/), SAVE_WAIT);
      // a change made offline, then the tab reloads before the network is back
      server.use(http.post(`*${SAVE}`, () => HttpResponse.error()));
      await goTo(user, 3);
      await user.click(screen.getByRole('radio', { name: '正确' }));
      await screen.findByRole('alert', { name: '答案暂时无法保存（网络错误）' }, SAVE_WAIT);
      unmount();
      server.resetHandlers();

      const reloaded = renderApp({ path: `/examination/${exam.examId}` });
      await screen.findByRole('heading', { level: 1, name: EXAM_NAME }, { timeout: 10_000 });
      expect(screen.getByRole('radio', { name: 'B. 夏普比率' })).toBeChecked();
      expect(within(sheet()).getByRole('button', { name: /^第 3 题，已作答/ })).toBeVisible();
      // the change kept in the browser reaches the server now
      await waitFor(
        async () =>
          expect((await savedAnswersOf(student, exam.examId)).get(questionId(exam, 3))).toEqual(['T']),
        SAVE_WAIT,
      );
      reloaded.unmount();

      // another device: nothing in its browser, everything from the server
      for (const key of Object.keys(localStorage))
        if (key.startsWith('dfrm:exam-')) localStorage.removeItem(key);
      const other = renderApp({ path: `/examination/${exam.examId}` });
      await screen.findByRole('heading', { level: 1, name: EXAM_NAME }, { timeout: 10_000 });
      expect(screen.getByRole('radio', { name: 'B. 夏普比率' })).toBeChecked();
      expect(saveStatus()).toHaveTextContent(/^已保存/);
      await goTo(other.user, 4);
      expect(screen.getByRole('textbox', { name: '第 1 空' })).toHaveValue('波动率');
      await goTo(other.user, 3);
      expect(screen.getByRole('radio', { name: '正确' })).toBeChecked();
    },
    LONG_TEST,
  );
});

describe('handing in', () => {
  it(
    'confirms naming the unanswered questions, sends the last change with the paper, and shows the result',
    async () => {
      const { exam, student, user } = await openCard();
      await user.click(screen.getByRole('radio', { name: 'B. 夏普比率' }));
      await waitFor(() => expect(saveStatus()).toHaveTextContent(/^已保存/), SAVE_WAIT);

      await user.click(screen.getByRole('button', { name: '交卷' }));
      let dialog = await screen.findByRole('dialog', { name: '确认交卷' });
      expect(within(dialog).getByText('还有 4 道题未作答：第 2、3、4、5 题。')).toBeVisible();
      await user.click(within(dialog).getByRole('button', { name: '继续作答' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect((await student.call(examinerStatusGet, { path: { examId: exam.examId } })).attendStatus).toBe(1);

      // a change straight before handing in, inside the pause: it goes with the paper
      await goTo(user, 3);
      await user.click(screen.getByRole('radio', { name: '正确' }));
      await user.click(screen.getByRole('button', { name: '交卷' }));
      dialog = await screen.findByRole('dialog', { name: '确认交卷' });
      expect(within(dialog).getByText('还有 3 道题未作答：第 2、4、5 题。')).toBeVisible();
      await user.click(within(dialog).getByRole('button', { name: '交卷' }));

      expect(await screen.findByRole('alert', { name: '已交卷' }, SAVE_WAIT)).toBeVisible();
      const score = screen.getByRole('region', { name: '我的成绩' });
      expect(within(score).getByText('15')).toBeVisible();
      expect(within(score).getByText('简答题或代码题还在等老师批阅，当前得分只含客观题。')).toBeVisible();
      const answers = screen.getByRole('region', { name: '逐题结果' });
      const third = within(answers).getByRole('article', { name: '第 3 题 · 判断题（5 分）' });
      expect(within(third).getByText('正确', { selector: 'span' })).toBeVisible();
      expect(within(third).getByText('得分 5 / 5')).toBeVisible();
      expect((await student.call(examinerStatusGet, { path: { examId: exam.examId } })).attendStatus).toBe(2);
      // nothing of the paper is left in the browser
      expect(Object.keys(localStorage).filter((key) => key.startsWith('dfrm:exam-answers'))).toEqual([]);
      expectEveryControlNamed();
    },
    LONG_TEST,
  );

  it('says 成绩未发布 when the exam does not show scores', async () => {
    const { user } = await openCard({ resultPolicy: 0 });
    await user.click(screen.getByRole('radio', { name: 'B. 夏普比率' }));
    await user.click(screen.getByRole('button', { name: '交卷' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: '确认交卷' })).getByRole('button', { name: '交卷' }),
    );
    expect(await screen.findByRole('heading', { level: 2, name: '成绩未发布' }, SAVE_WAIT)).toBeVisible();
    expect(screen.getByText('这场考试的成绩不向考生公开。')).toBeVisible();
    expect(screen.queryByRole('region', { name: '逐题结果' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: '我的成绩' })).not.toBeInTheDocument();
  });

  it(
    'stops editing at the deadline by the server’s clock and submits the paper',
    async () => {
      const { exam, student, user } = await openCard();
      await user.click(screen.getByRole('radio', { name: 'B. 夏普比率' }));
      await waitFor(() => expect(saveStatus()).toHaveTextContent(/^已保存/), SAVE_WAIT);

      // the server's clock reaches the deadline; the next answer the page gets tells it so
      api().clock.advance(60 * MINUTE);
      const release = holdApi('post', SUBMIT);
      await goTo(user, 3);
      await user.click(screen.getByRole('radio', { name: '正确' }));
      expect(await screen.findByRole('alert', { name: '作答时间已到' }, SAVE_WAIT)).toBeVisible();
      expect(screen.getByRole('timer', { name: '作答时间已到' })).toHaveTextContent('00:00');
      expect(screen.getByRole('radio', { name: '错误' })).toBeDisabled();
      expect(screen.getByRole('button', { name: '交卷' })).toBeDisabled();
      release();

      expect(
        await screen.findByRole('alert', { name: '作答时间已到，系统已自动交卷' }, SAVE_WAIT),
      ).toBeVisible();
      const status = await student.call(examinerStatusGet, { path: { examId: exam.examId } });
      expect(status.attendStatus).toBe(2);
      // the answer saved in the grace after the deadline is on the paper
      const answers = screen.getByRole('region', { name: '逐题结果' });
      expect(
        within(within(answers).getByRole('article', { name: '第 3 题 · 判断题（5 分）' })).getByText(
          '得分 5 / 5',
        ),
      ).toBeVisible();
    },
    LONG_TEST,
  );

  it(
    'hands in the changes kept in the browser when the card is opened again after the deadline',
    async () => {
      const { exam, student, user, unmount } = await openCard();
      await user.click(screen.getByRole('radio', { name: 'B. 夏普比率' }));
      await waitFor(() => expect(saveStatus()).toHaveTextContent(/^已保存/), SAVE_WAIT);
      // the last change is made offline, then the tab is closed
      server.use(http.post(`*${SAVE}`, () => HttpResponse.error()));
      await goTo(user, 3);
      await user.click(screen.getByRole('radio', { name: '正确' }));
      await screen.findByRole('alert', { name: '答案暂时无法保存（网络错误）' }, SAVE_WAIT);
      unmount();
      server.resetHandlers();

      // back ten seconds after the deadline, inside the server's grace
      api().clock.advance(60 * MINUTE + 10_000);
      renderApp({ path: `/examination/${exam.examId}` });
      expect(
        await screen.findByRole('alert', { name: '作答时间已到，系统已自动交卷' }, SAVE_WAIT),
      ).toBeVisible();
      const answers = screen.getByRole('region', { name: '逐题结果' });
      expect(
        within(within(answers).getByRole('article', { name: '第 3 题 · 判断题（5 分）' })).getByText(
          '得分 5 / 5',
        ),
      ).toBeVisible();
      expect((await student.call(examinerStatusGet, { path: { examId: exam.examId } })).attendStatus).toBe(2);
    },
    LONG_TEST,
  );
});
