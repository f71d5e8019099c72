import { Blob as NodeBlob, File as NodeFile } from 'node:buffer';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { updateMyWorkInfo } from '@dfrm/sdk/tms';
import { api, loginAs, setupApiServer, storeUser } from '@/test/api-server';
import { renderApp } from '@/test/render-app';
import {
  answerOf,
  clientAs,
  clientFor,
  DAY,
  grade,
  HOUR,
  publishScores,
  publishWork,
} from '@/test/student-work-fixture';
import { createCourseFixture } from '@/test/teaching-fixture';
import '@/test/editor-dom';

setupApiServer();

// jsdom's File and FormData cannot be read by Node's Request, which carries the upload to the
// in-process server; Node's own classes stand in for them here (as in the courseware tests).
beforeAll(async () => {
  const NodeFormData = (await new Response(new URLSearchParams('a=b')).formData()).constructor;
  vi.stubGlobal('File', NodeFile);
  vi.stubGlobal('Blob', NodeBlob);
  vi.stubGlobal('FormData', NodeFormData);
});

const TITLE = '第一次作业：收益率';
// the debounce (2 s) plus a round trip, on a busy machine
const SAVE_WAIT = { timeout: 15_000 };
// each test waits for real autosaves (a 2 s pause and a round trip) several times
const LONG_TEST = 60_000;

async function answerEditor() {
  return screen.findByRole('textbox', { name: '我的答案' }, { timeout: 10_000 });
}

function saveStatus() {
  return screen.getByRole('status', { name: '保存状态' });
}

describe('the student homework pages', () => {
  it(
    'shows the time left by the server clock, autosaves the answer, uploads a file, hands in, then only shows it',
    async () => {
      const course = await createCourseFixture();
      const teacher = await clientAs('teacher1');
      const workId = await publishWork(teacher, course, {
        dueIn: 2 * DAY + 3 * HOUR + 30 * 60_000,
        allowLate: true,
        latePenaltyPerDay: 10,
        lateScoreFloor: 50,
      });
      const session = await loginAs('student01');
      storeUser(session);
      const student = clientFor(session);
      const { user, unmount } = renderApp({ path: '/teaching/student/work' });

      // the list: the time left is the server's (its clock is in 2026, the computer's is not)
      const table = await screen.findByRole('table', { name: '作业列表' });
      const row = (await within(table).findByText(TITLE)).closest('tr') as HTMLElement;
      expect(within(row).getByText('剩余 2 天 3 小时')).toBeVisible();
      expect(within(row).getByText('未提交')).toBeVisible();
      expect(within(row).getByText('未公布')).toBeVisible();
      expect(screen.getByRole('radio', { name: '待提交 1' })).toBeInTheDocument();
      const nav = screen.getAllByRole('navigation', { name: '主导航' })[0] as HTMLElement;
      expect(await within(nav).findByLabelText('1 份作业待提交')).toBeVisible();

      await user.click(within(row).getByRole('link', { name: `去完成 ${TITLE}` }));
      expect(await screen.findByRole('heading', { level: 1, name: TITLE })).toBeVisible();
      expect(screen.getByRole('timer')).toHaveTextContent(/^剩余 2 天 3 小时$/);
      expect(
        screen.getByText(
          /每迟交一天（不足一天按一天）扣满分的 10%（10 分），扣分后不低于满分的 50%（50 分）/,
        ),
      ).toBeVisible();
      expect(await screen.findByText('日收益率')).toBeVisible();

      // typing is saved a moment later, acknowledged by the server
      await user.click(await answerEditor());
      await user.keyboard('日收益率为 0.52%');
      await waitFor(() => expect(saveStatus()).toHaveTextContent(/^已保存 \d\d:\d\d$/), SAVE_WAIT);
      expect((await answerOf(student, workId)).content).toContain('日收益率为 0.52%');

      // a file goes up with its progress and into the answer
      const section = screen.getByRole('region', { name: '我的答案' });
      const input = section.querySelector('input[type="file"]') as HTMLInputElement;
      await user.upload(input, new File(['收益率 = (P1 - P0) / P0'], '计算过程.txt', { type: 'text/plain' }));
      const files = await within(section).findByRole('list', { name: '答案附件' }, SAVE_WAIT);
      expect(within(files).getByText('计算过程.txt')).toBeVisible();
      await waitFor(
        async () => expect((await answerOf(student, workId)).attachments).toHaveLength(1),
        SAVE_WAIT,
      );
      await waitFor(() => expect(saveStatus()).toHaveTextContent(/^已保存/), SAVE_WAIT);

      // a file put in by mistake comes out again, after a confirmation
      await user.upload(input, new File(['草稿'], '多余的草稿.txt', { type: 'text/plain' }));
      await waitFor(
        async () => expect((await answerOf(student, workId)).attachments).toHaveLength(2),
        SAVE_WAIT,
      );
      await user.click(await within(files).findByRole('button', { name: '移除 多余的草稿.txt' }));
      await user.click(
        within(await screen.findByRole('dialog', { name: '移除附件' })).getByRole('button', { name: '移除' }),
      );
      await waitFor(
        async () =>
          expect((await answerOf(student, workId)).attachments.map((file) => file.fileName)).toEqual([
            '计算过程.txt',
          ]),
        SAVE_WAIT,
      );
      expect(within(files).queryByText('多余的草稿.txt')).not.toBeInTheDocument();

      // after a reload the page shows what the server holds
      unmount();
      const again = renderApp({ path: `/teaching/student/work/detail?workId=${workId}` });
      expect(await answerEditor()).toHaveTextContent('日收益率为 0.52%');
      const answer = screen.getByRole('region', { name: '我的答案' });
      expect(await within(answer).findByRole('button', { name: '下载 计算过程.txt' })).toBeVisible();

      await again.user.click(within(answer).getByRole('button', { name: '提交作业' }));
      const dialog = await screen.findByRole('dialog', { name: '提交作业' });
      expect(within(dialog).getByText(/提交后答案不能再修改/)).toBeVisible();
      await again.user.click(within(dialog).getByRole('button', { name: '提交' }));

      expect(await screen.findByText('作业已提交')).toBeVisible();
      expect(await within(answer).findByText(/^已提交于 /)).toBeVisible();
      expect(screen.queryByRole('textbox', { name: '我的答案' })).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: '提交作业' })).not.toBeInTheDocument();
      expect(within(answer).getByText('日收益率为 0.52%')).toBeVisible();
      expect((await answerOf(student, workId)).status).toBe(1);
      expect(screen.getByText('已提交，等待老师批改；成绩公布后可以在这里查看分数和评语。')).toBeVisible();
    },
    LONG_TEST,
  );

  it(
    'shows 已截止 once the deadline passed when late hand-ins are not allowed, and the server refuses the hand-in',
    async () => {
      const course = await createCourseFixture();
      const workId = await publishWork(await clientAs('teacher1'), course, { dueIn: HOUR });
      storeUser(await loginAs('student01'));
      const { user, unmount } = renderApp({ path: `/teaching-manage/student/work/detail?workId=${workId}` });

      await user.click(await answerEditor());
      await user.keyboard('还没写完');
      await waitFor(() => expect(saveStatus()).toHaveTextContent(/^已保存/), SAVE_WAIT);

      // the deadline passes on the server while the page is open
      api().clock.advance(2 * HOUR);
      await user.click(screen.getByRole('button', { name: '提交作业' }));
      await user.click(
        within(await screen.findByRole('dialog', { name: '提交作业' })).getByRole('button', { name: '提交' }),
      );
      expect(await screen.findByText('作业已截止，不能再保存或提交')).toBeVisible();
      // the page learns the server's time from its answer and closes the work
      const answer = screen.getByRole('region', { name: '我的答案' });
      expect(await within(answer).findByText('作业已过截止时间，不能再保存或提交。')).toBeVisible();
      expect(screen.queryByRole('textbox', { name: '我的答案' })).not.toBeInTheDocument();
      expect(within(answer).getByText('还没写完')).toBeVisible();
      expect(within(answer).getByText('已截止')).toBeVisible();
      unmount();

      renderApp({ path: '/teaching/student/work' });
      const table = await screen.findByRole('table', { name: '作业列表' });
      const row = (await within(table).findByText(TITLE)).closest('tr') as HTMLElement;
      expect(within(row).getByText('已截止 · 不可迟交')).toBeVisible();
      expect(within(row).getByRole('link', { name: `查看 ${TITLE}` })).toBeVisible();
      expect(screen.getByRole('radio', { name: '已截止 1' })).toBeInTheDocument();
    },
    LONG_TEST,
  );

  it(
    'says before a late hand-in how much the late policy takes off, and marks it late',
    async () => {
      const course = await createCourseFixture();
      const workId = await publishWork(await clientAs('teacher1'), course, {
        dueIn: HOUR,
        allowLate: true,
        latePenaltyPerDay: 10,
        lateScoreFloor: 50,
      });
      // a day and two hours after the deadline: two started days late
      api().clock.advance(HOUR + DAY + 2 * HOUR);
      storeUser(await loginAs('student01'));
      const { user } = renderApp({ path: `/teaching-manage/student/work/detail?workId=${workId}` });

      expect(await screen.findByText('已截止，可迟交')).toBeVisible();
      expect(screen.getByText('这份作业允许迟交，现在保存和提交都记为迟交。')).toBeVisible();
      await user.click(await answerEditor());
      await user.keyboard('迟到的答案');
      await user.click(screen.getByRole('button', { name: '提交作业' }));
      const dialog = await screen.findByRole('dialog', { name: '提交作业' });
      expect(
        within(dialog).getByText(
          '现在提交将记为迟交 2 天，按规则从老师给的分中扣除满分的 20%（20 分），但扣分后不低于 50 分。',
        ),
      ).toBeVisible();
      await user.click(within(dialog).getByRole('button', { name: '提交' }));

      expect(await screen.findByText('作业已提交（迟交）')).toBeVisible();
      expect(await screen.findByText('迟交 2 天')).toBeVisible();
      expect(screen.getByText(/^已提交于 .*（迟交 2 天）/)).toBeVisible();
    },
    LONG_TEST,
  );

  it(
    'shows the score and comment only after the teacher publishes them',
    async () => {
      const course = await createCourseFixture();
      const teacher = await clientAs('teacher1');
      const workId = await publishWork(teacher, course);
      const student = await clientAs('student01');
      const mine = await answerOf(student, workId);
      await student.call(updateMyWorkInfo, {
        body: {
          schoolId: '1',
          studentWorkId: mine.studentWorkId,
          requestId: 'hand-in-00000001',
          revision: 0,
          content: '<p>日收益率为 0.52%</p>',
          submit: true,
        },
      });
      await grade(teacher, mine.studentWorkId, 88, '计算正确，方法说明清楚。');
      storeUser(await loginAs('student01'));
      const first = renderApp({ path: `/teaching/student/work/detail?workId=${workId}` });

      const result = await screen.findByRole('region', { name: '成绩' });
      expect(within(result).getByText('老师已批改，成绩公布后可以在这里查看分数和评语。')).toBeVisible();
      expect(screen.queryByText('88')).not.toBeInTheDocument();
      expect(screen.queryByText('计算正确，方法说明清楚。')).not.toBeInTheDocument();
      first.unmount();

      await publishScores(teacher, workId);
      const second = renderApp({ path: `/teaching-manage/student/work?courseId=${course.courseId}` });
      const tabs = await screen.findByRole('tablist', { name: '课程内容' });
      expect(within(tabs).getByRole('tab', { name: /课程作业/ })).toHaveAttribute('aria-selected', 'true');
      const table = await screen.findByRole('table', { name: '作业列表' });
      const row = (await within(table).findByText(TITLE)).closest('tr') as HTMLElement;
      expect(within(row).getByText('88 / 100')).toBeVisible();
      expect(within(row).getByText('已批改')).toBeVisible();

      await second.user.click(within(row).getByRole('link', { name: `查看 ${TITLE}` }));
      const published = await screen.findByRole('region', { name: '成绩' });
      expect(await within(published).findByText('计算正确，方法说明清楚。')).toBeVisible();
      // the score, and as the only graded work also the average and the best
      expect(within(published).getAllByText('88')).toHaveLength(3);
      expect(within(published).getByText('1 / 1')).toBeVisible();
      expect(within(published).getByText('平均分')).toBeVisible();
    },
    LONG_TEST,
  );

  it(
    'keeps teachers out of the student homework pages',
    async () => {
      storeUser(await loginAs('teacher1'));
      const { unmount } = renderApp({ path: '/teaching/student/work' });
      expect(await screen.findByRole('heading', { name: '无权访问' })).toBeVisible();
      expect(screen.getByText(/该页面仅限学生使用/)).toBeVisible();
      unmount();

      renderApp({ path: '/teaching-manage/student/work/detail?workId=1' });
      expect(await screen.findByRole('heading', { name: '无权访问' })).toBeVisible();
    },
    LONG_TEST,
  );

  it(
    'says so in Chinese when there is no homework, and when a work is not the student’s',
    async () => {
      const course = await createCourseFixture();
      const workId = await publishWork(await clientAs('teacher1'), course);
      // student16 is in 2班, to which the work was not given
      storeUser(await loginAs('student16'));
      const { unmount } = renderApp({ path: '/teaching/student/work' });
      expect(await screen.findByText('暂无作业')).toBeVisible();
      unmount();

      renderApp({ path: `/teaching/student/work/detail?workId=${workId}` });
      expect(await screen.findByText('作业加载失败')).toBeVisible();
      expect(screen.getByText('该作业没有布置给您')).toBeVisible();
    },
    LONG_TEST,
  );
});
