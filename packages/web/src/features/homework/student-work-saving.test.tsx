import { screen, waitFor, within } from '@testing-library/react';
import { delay, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { forwardToApi, loginAs, server, setupApiServer, storeUser } from '@/test/api-server';
import { renderApp } from '@/test/render-app';
import {
  answerOf,
  clientAs,
  clientFor,
  publishWork,
  saveElsewhere,
  savesOf,
} from '@/test/student-work-fixture';
import { createCourseFixture } from '@/test/teaching-fixture';
import '@/test/editor-dom';

setupApiServer();

const SAVE_WAIT = { timeout: 15_000 };
// each test waits for real autosaves (a 2 s pause and a round trip) several times
const LONG_TEST = 60_000;

async function openWork() {
  const course = await createCourseFixture();
  const workId = await publishWork(await clientAs('teacher1'), course);
  const session = await loginAs('student01');
  storeUser(session);
  // the student's other tab: the same session
  return { workId, student: clientFor(session) };
}

async function answerEditor() {
  return screen.findByRole('textbox', { name: '我的答案' }, { timeout: 10_000 });
}

const saveStatus = () => screen.getByRole('status', { name: '保存状态' });

describe('saving the answer', () => {
  it(
    'reloads the server’s answer when another tab saved first, tells the student, and overwrites only when asked',
    async () => {
      const { workId, student } = await openWork();
      const { user } = renderApp({ path: `/teaching/student/work/detail?workId=${workId}` });
      await user.click(await answerEditor());
      await user.keyboard('第一版');
      await waitFor(() => expect(saveStatus()).toHaveTextContent(/^已保存/), SAVE_WAIT);

      // the same student saves in another tab
      await saveElsewhere(student, workId, '<p>另一个标签页的答案</p>');
      await user.keyboard('，补充一句');

      const notice = await screen.findByRole('alert', { name: '答案已在别处更新' }, SAVE_WAIT);
      expect(within(notice).getByText(/另一个标签页或同组同学刚刚保存了这份作业/)).toBeVisible();
      // the editor now shows the server's answer, which nothing overwrote
      await waitFor(async () => expect(await answerEditor()).toHaveTextContent('另一个标签页的答案'));
      expect((await answerOf(student, workId)).content).toBe('<p>另一个标签页的答案</p>');

      // what the student typed is still there to see, and to keep when they choose to
      await user.click(within(notice).getByRole('button', { name: '查看我的修改' }));
      expect(within(notice).getByText('第一版，补充一句')).toBeVisible();
      await user.click(within(notice).getByRole('button', { name: '改用我的修改' }));
      await waitFor(
        async () => expect((await answerOf(student, workId)).content).toBe('<p>第一版，补充一句</p>'),
        SAVE_WAIT,
      );
      expect(screen.queryByRole('alert', { name: '答案已在别处更新' })).not.toBeInTheDocument();
      await waitFor(() => expect(saveStatus()).toHaveTextContent(/^已保存/), SAVE_WAIT);
    },
    LONG_TEST,
  );

  it(
    'saves what was just typed when the student leaves the page before the pause',
    async () => {
      const { workId, student } = await openWork();
      const { user, router } = renderApp({ path: `/teaching/student/work/detail?workId=${workId}` });
      await user.click(await answerEditor());
      await user.keyboard('离开前的最后一句');
      // straight away, well inside the 2 s pause
      await user.click(screen.getByRole('link', { name: '返回我的作业' }));

      await waitFor(() => expect(router.state.location.pathname).toBe('/teaching/student/work'), SAVE_WAIT);
      expect(await screen.findByRole('table', { name: '作业列表' })).toBeVisible();
      expect((await answerOf(student, workId)).content).toBe('<p>离开前的最后一句</p>');
    },
    LONG_TEST,
  );

  it(
    'resends a timed-out save with the same request id, and the server stores it once',
    async () => {
      const { workId, student } = await openWork();
      const sent: { requestId: string; revision: number; content: string }[] = [];
      // the first save reaches the server and is stored, but its answer never comes back
      server.use(
        http.post('*/api/tms-server/myWork/updateMyWorkInfo', async ({ request }) => {
          sent.push((await request.clone().json()) as (typeof sent)[number]);
          const answer = await forwardToApi(request);
          if (sent.length === 1) await delay('infinite');
          return answer;
        }),
      );
      const { user } = renderApp({
        path: `/teaching/student/work/detail?workId=${workId}`,
        timeoutMs: 2_500,
      });
      await user.click(await answerEditor());
      await user.keyboard('超时也不丢');

      await waitFor(() => expect(saveStatus()).toHaveTextContent('未保存：请求超时，正在重试'), SAVE_WAIT);
      await waitFor(() => expect(saveStatus()).toHaveTextContent(/^已保存/), SAVE_WAIT);

      expect(sent).toHaveLength(2);
      expect(sent[1]).toEqual(sent[0]);
      expect(sent[0]).toMatchObject({ revision: 0, content: '<p>超时也不丢</p>' });
      const mine = await answerOf(student, workId);
      expect(await savesOf(mine.studentWorkId)).toEqual({
        saves: 1,
        revision: 1,
        content: '<p>超时也不丢</p>',
      });

      // the next change builds on the acknowledged revision: no conflict
      await user.keyboard('。');
      await waitFor(async () => expect((await answerOf(student, workId)).revision).toBe(2), SAVE_WAIT);
      expect(sent.at(-1)).toMatchObject({ revision: 1, content: '<p>超时也不丢。</p>' });
    },
    LONG_TEST,
  );
});
