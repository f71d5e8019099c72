import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { api, forwardToApi, holdApi, loginAs, server, setupApiServer, storeUser } from '@/test/api-server';
import { renderApp } from '@/test/render-app';
import { clientAs, clientFor } from '@/test/student-work-fixture';
import { answerElsewhere, MINUTE, paperOf, publishQuiz, savedAnswer } from '@/test/student-quiz-fixture';
import { createCourseFixture } from '@/test/teaching-fixture';

setupApiServer();

const LOAD = { timeout: 10_000 };
// the pause after typing (1 s) and a round trip, on a busy machine
const SAVE_WAIT = { timeout: 15_000 };
const FILL = '/api/tms-server/quiz/paper/user/fill/answer';

async function openPaper(options: Parameters<typeof publishQuiz>[2] = {}) {
  const course = await createCourseFixture();
  const quiz = await publishQuiz(await clientAs('teacher1'), course, options);
  const session = await loginAs('student01');
  storeUser(session);
  const student = clientFor(session);
  const paper = await answerElsewhere(student, quiz, []);
  return { quiz, student, paperId: paper.paperId };
}

const saveStatus = () => screen.getByRole('status', { name: '本题保存状态' });

describe('answering a quiz', () => {
  it('says 已保存 only once the server acknowledged the answer', async () => {
    const { quiz, student, paperId } = await openPaper();
    const release = holdApi('post', FILL);
    const { user } = renderApp({ path: `/start-test/${quiz.quizId}` });
    // a paper in progress opens straight on its questions
    await user.click(await screen.findByRole('radio', { name: /夏普比率/ }, LOAD));

    await waitFor(() => expect(saveStatus()).toHaveTextContent('保存中…'));
    // the question is marked answered at once, and not saved
    expect(screen.getByRole('button', { name: '第 1 题，已作答，未保存' })).toBeVisible();
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(saveStatus()).not.toHaveTextContent('已保存');
    expect(await savedAnswer(student, paperId, quiz.questions[0]!.quId)).toEqual([]);

    release();
    await waitFor(() => expect(saveStatus()).toHaveTextContent('已保存'), SAVE_WAIT);
    expect(screen.getByRole('button', { name: '第 1 题，已作答' })).toBeVisible();
    expect(await savedAnswer(student, paperId, quiz.questions[0]!.quId)).toEqual(['B']);
    expect(screen.getByText(/已保存 1 题/)).toBeVisible();
  }, 30_000);

  it('shows a save that got no answer, sends it again, and shows a refused one with 重试', async () => {
    const { quiz, student, paperId } = await openPaper();
    let calls = 0;
    server.use(
      http.post(`*${FILL}`, async ({ request }) => {
        calls += 1;
        // the first: the server is in trouble; the second: refused for good; then through
        if (calls === 1) return HttpResponse.json({ errCode: 10, errMsg: '服务器内部错误', data: null });
        return forwardToApi(request);
      }),
    );
    const { user } = renderApp({ path: `/start-test/${quiz.quizId}` });
    await user.click(await screen.findByRole('button', { name: '第 3 题，未作答' }, LOAD));
    await user.click(await screen.findByRole('radio', { name: '正确' }, LOAD));
    await waitFor(() => expect(saveStatus()).toHaveTextContent('未保存：服务器出错，正在重试'));
    await waitFor(() => expect(saveStatus()).toHaveTextContent('已保存'), SAVE_WAIT);
    expect(await savedAnswer(student, paperId, quiz.questions[2]!.quId)).toEqual(['true']);

    // a refusal (errCode 2) stays on screen until the student retries
    server.use(
      http.post(`*${FILL}`, () => HttpResponse.json({ errCode: 2, errMsg: '答案格式不正确', data: null }), {
        once: true,
      }),
    );
    await user.click(screen.getByRole('radio', { name: '错误' }));
    await waitFor(() => expect(saveStatus()).toHaveTextContent('未保存：答案格式不正确'), SAVE_WAIT);
    expect(screen.getByRole('button', { name: '第 3 题，已作答，未保存' })).toBeVisible();
    expect(await savedAnswer(student, paperId, quiz.questions[2]!.quId)).toEqual(['true']);
    await user.click(within(saveStatus()).getByRole('button', { name: '重试' }));
    await waitFor(() => expect(saveStatus()).toHaveTextContent('已保存'), SAVE_WAIT);
    expect(await savedAnswer(student, paperId, quiz.questions[2]!.quId)).toEqual(['false']);
  }, 40_000);

  it('continues after a reload with every saved answer', async () => {
    const { quiz, student, paperId } = await openPaper();
    const first = renderApp({ path: `/start-test/${quiz.quizId}` });
    const { user } = first;
    await user.click(await screen.findByRole('radio', { name: /夏普比率/ }, LOAD));
    await waitFor(() => expect(saveStatus()).toHaveTextContent('已保存'), SAVE_WAIT);
    await user.click(screen.getByRole('button', { name: /^第 2 题/ }));
    await user.click(await screen.findByRole('checkbox', { name: /波动率/ }, LOAD));
    await user.click(screen.getByRole('checkbox', { name: /最大回撤/ }));
    await user.click(screen.getByRole('button', { name: /^第 4 题/ }));
    await user.type(await screen.findByRole('textbox', { name: '第 4 题的答案' }, LOAD), 'Sharpe');
    await waitFor(() => expect(saveStatus()).toHaveTextContent('已保存'), SAVE_WAIT);
    expect(await savedAnswer(student, paperId, quiz.questions[1]!.quId)).toEqual(['A', 'C']);
    expect(await savedAnswer(student, paperId, quiz.questions[3]!.quId)).toEqual(['Sharpe']);
    first.unmount();

    const second = renderApp({ path: `/start-test/${quiz.quizId}` });
    expect(await screen.findByRole('radio', { name: /夏普比率/ }, LOAD)).toBeChecked();
    expect(saveStatus()).toHaveTextContent('已保存');
    expect(screen.getByRole('button', { name: '第 1 题，已作答' })).toBeVisible();
    expect(screen.getByRole('button', { name: '第 2 题，已作答' })).toBeVisible();
    expect(screen.getByRole('button', { name: '第 3 题，未作答' })).toBeVisible();
    expect(screen.getByRole('button', { name: '第 4 题，已作答' })).toBeVisible();
    await second.user.click(screen.getByRole('button', { name: '第 2 题，已作答' }));
    expect(await screen.findByRole('checkbox', { name: /波动率/ }, LOAD)).toBeChecked();
    expect(screen.getByRole('checkbox', { name: /年化收益率/ })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: /最大回撤/ })).toBeChecked();
    await second.user.click(screen.getByRole('button', { name: '第 4 题，已作答' }));
    expect(await screen.findByRole('textbox', { name: '第 4 题的答案' }, LOAD)).toHaveValue('Sharpe');
  }, 40_000);

  it('keeps an answer the server never acknowledged across a reload, and sends it as the paper opens', async () => {
    const { quiz, student, paperId } = await openPaper();
    let reachable = false;
    server.use(
      http.post(`*${FILL}`, async ({ request }) => {
        // the tab is closed while the save is on its way: it never gets an answer
        if (!reachable) await new Promise(() => {});
        return forwardToApi(request);
      }),
    );
    const first = renderApp({ path: `/start-test/${quiz.quizId}` });
    await first.user.click(await screen.findByRole('radio', { name: /夏普比率/ }, LOAD));
    await waitFor(() => expect(saveStatus()).toHaveTextContent('保存中…'));
    first.unmount();
    expect(await savedAnswer(student, paperId, quiz.questions[0]!.quId)).toEqual([]);

    reachable = true;
    renderApp({ path: `/start-test/${quiz.quizId}` });
    // shown from this browser's copy, and sent again without the student doing anything
    expect(await screen.findByRole('radio', { name: /夏普比率/ }, LOAD)).toBeChecked();
    await waitFor(() => expect(saveStatus()).toHaveTextContent('已保存'), SAVE_WAIT);
    expect(await savedAnswer(student, paperId, quiz.questions[0]!.quId)).toEqual(['B']);
  }, 40_000);

  it('hands in after a confirmation naming the questions not answered', async () => {
    const { quiz, student } = await openPaper();
    const { user, router } = renderApp({ path: `/start-test/${quiz.quizId}` });
    await user.click(await screen.findByRole('radio', { name: /夏普比率/ }, LOAD));
    await waitFor(() => expect(saveStatus()).toHaveTextContent('已保存'), SAVE_WAIT);

    await user.click(screen.getByRole('button', { name: '交卷' }));
    const dialog = await screen.findByRole('dialog', { name: '确认交卷' }, LOAD);
    expect(dialog).toHaveTextContent('还有 3 题未作答：第 2、3、4 题');
    // changing one's mind leaves the paper open
    await user.click(within(dialog).getByRole('button', { name: '继续作答' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect((await paperOf(student, quiz.quizId))?.status).toBe(0);
    expect(screen.getByRole('radio', { name: /夏普比率/ })).toBeEnabled();

    await user.click(screen.getByRole('button', { name: '交卷' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: '确认交卷' }, LOAD)).getByRole('button', {
        name: '交卷',
      }),
    );
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/test-result-student\//), LOAD);
    expect(await screen.findByText('10 / 30', {}, LOAD)).toBeVisible();
    expect(await paperOf(student, quiz.quizId)).toMatchObject({ status: 1, score: 10 });
  }, 40_000);

  it('stops editing at the deadline and says the paper is handed in', async () => {
    const { quiz, student, paperId } = await openPaper({ durationMinutes: 1 });
    const first = renderApp({ path: `/start-test/${quiz.quizId}` });
    const { user } = first;
    await screen.findByRole('radio', { name: /夏普比率/ }, LOAD);
    // the server's time moves to 2 s before the deadline; the next answer tells the page
    api().clock.advance(MINUTE - 2_000);
    await user.click(screen.getByRole('radio', { name: /夏普比率/ }));
    await waitFor(() => expect(saveStatus()).toHaveTextContent('已保存'), SAVE_WAIT);

    expect(
      await screen.findByRole('alert', { name: '时间到，作答已结束' }, { timeout: 5_000 }),
    ).toBeVisible();
    expect(screen.getByRole('radio', { name: /贝塔系数/ })).toBeDisabled();
    expect(screen.getByRole('button', { name: '交卷' })).toBeDisabled();
    expect(screen.getByRole('timer')).toHaveTextContent('时间到');
    expect(await savedAnswer(student, paperId, quiz.questions[0]!.quId)).toEqual(['B']);

    expect(screen.getByRole('button', { name: '正在交卷…' })).toBeDisabled();

    // after the grace the server has handed the paper in itself: coming back shows it so
    api().clock.advance(40_000);
    first.unmount();
    renderApp({ path: `/start-test/${quiz.quizId}` });
    expect(await screen.findByRole('link', { name: '查看成绩' }, LOAD)).toHaveAttribute(
      'href',
      `/test-result-student/${paperId}`,
    );
    expect(screen.getByText('已交卷')).toBeVisible();
    expect(await paperOf(student, quiz.quizId)).toMatchObject({ status: 2, score: 10 });
  }, 40_000);
});
