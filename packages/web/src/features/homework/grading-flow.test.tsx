import { File as NodeFile } from 'node:buffer';
import {
  correctStudentWork,
  getMyWorkInfo,
  publishCourseWork,
  updateCourseWork,
  updateMyWorkInfo,
  uploadMyWorkFile,
  type WorkAttachment,
} from '@dfrm/sdk/tms';
import { createClient } from '@dfrm/sdk';
import { zUploadMyWorkFileBody } from '@dfrm/sdk/tms/zod';
import { screen, waitFor, within } from '@testing-library/react';
import ExcelJS from 'exceljs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import { zFilePart } from '@/lib/file-part';
import { API_BASE, api, loginAs, setupApiServer, storeUser } from '@/test/api-server';
import { actAs, setupNodeFormData } from '@/test/course-helpers';
import { renderApp } from '@/test/render-app';
import { createCourseFixture } from '@/test/teaching-fixture';

setupApiServer();
// student01 hands in a PDF: the upload goes through Node's FormData (see setupNodeFormData)
setupNodeFormData();

afterEach(() => {
  vi.restoreAllMocks();
});

const uploadRequest = z.object({ body: z.extend(zUploadMyWorkFileBody, { file: zFilePart }) });
const DAY = 24 * 60 * 60 * 1000;
const HOUR = 60 * 60 * 1000;
const TITLE = '第一次作业：收益率';
// the demo roster (student01–15 in 1班, numbered 20260001…)
const S1 = { account: 'student01', name: '陈思远', who: '陈思远（20260001）' };
const S2 = { account: 'student02', name: '林雨桐', who: '林雨桐（20260002）' };
const S3 = { account: 'student03', name: '黄子轩', who: '黄子轩（20260003）' };

interface Seeded {
  workId: string;
  /** studentWorkId by account */
  ids: Record<string, string>;
}

async function handIn(account: string, workId: string, content: string, attachments?: WorkAttachment[]) {
  actAs(await loginAs(account));
  const { myWork } = await getMyWorkInfo({ path: { schoolId: '1', workId } });
  await updateMyWorkInfo({
    body: {
      schoolId: '1',
      studentWorkId: myWork.studentWorkId,
      requestId: `req-${account}-${Math.random().toString(36).slice(2, 10)}`,
      revision: myWork.revision,
      content,
      ...(attachments
        ? {
            attachments: attachments.map(({ fileName, filePath, fileSize }) => ({
              fileName,
              filePath,
              fileSize,
            })),
          }
        : {}),
      submit: true,
    },
  });
  return myWork.studentWorkId;
}

/**
 * A published work of teacher1 for 1班 (15 students), late hand-ins allowed at 10% of the total
 * a day down to 50%: student01 (with a PDF) and student02 hand in on time, student03 two days
 * after the deadline.
 */
async function seedWork(): Promise<Seeded> {
  const course = await createCourseFixture();
  const teacher = await loginAs('teacher1');
  actAs(teacher);
  const now = api().clock.now();
  const work = await updateCourseWork({
    body: {
      schoolId: '1',
      courseId: course.courseId,
      teachingClassIds: [course.class1],
      title: TITLE,
      content: '<p>计算沪深 300 的日收益率</p>',
      type: 1,
      groupMode: 0,
      startTime: now - DAY,
      endTime: now + DAY,
      allowLate: true,
      latePenaltyPerDay: 10,
      lateScoreFloor: 50,
      totalScore: 100,
    },
  });
  await publishCourseWork({ path: { schoolId: '1', workId: work.workId } });

  actAs(await loginAs(S1.account));
  const pdf = new NodeFile([`%PDF-1.4\n收益率计算过程\n%%EOF\n`], '计算过程.pdf', {
    type: 'application/pdf',
  }) as unknown as File;
  const uploaded = await uploadMyWorkFile({
    body: { schoolId: '1', file: pdf },
    // the spec's binary string is a Blob here (lib/file-part.ts)
    requestValidator: (data) => uploadRequest.parseAsync(data),
  });
  const ids: Record<string, string> = {};
  ids[S1.account] = await handIn(S1.account, work.workId, '<p>日收益率为 <strong>0.52%</strong></p>', [
    uploaded,
  ]);
  ids[S2.account] = await handIn(S2.account, work.workId, '<p>日收益率约 0.5%</p>');
  api().clock.advance(2 * DAY + HOUR); // a day and an hour past the deadline: two days late
  ids[S3.account] = await handIn(S3.account, work.workId, '<p>迟到的答案：0.49%</p>');
  return { workId: work.workId, ids };
}

async function storedWork(studentWorkId: string) {
  const result = (await api().db.execute(
    `select status, score, comment from student_works where id = ${Number(studentWorkId)}`,
  )) as unknown as { rows: { status: number; score: number | null; comment: string }[] };
  return result.rows[0];
}

/** The value shown under a label of the counts (完成情况统计). */
function stat(label: string): string {
  const counts = screen.getByLabelText('完成情况统计');
  const term = within(counts).getByText(label, { selector: 'dt' });
  return term.nextElementSibling?.textContent ?? '';
}

async function rowOf(name: string): Promise<HTMLElement> {
  const table = await screen.findByRole('table', { name: '完成情况列表' });
  return (await within(table).findByText(name)).closest('tr') as HTMLElement;
}

/** Catches what saveBlob hands the browser: the blob and the file name of the download link. */
function captureDownloads() {
  const saved: { blob: Blob; name: string }[] = [];
  let lastBlob: Blob | null = null;
  Object.defineProperty(URL, 'createObjectURL', {
    configurable: true,
    value: (blob: Blob) => {
      lastBlob = blob;
      return 'blob:test';
    },
  });
  Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, value: () => {} });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    if (lastBlob) saved.push({ blob: lastBlob, name: this.download });
  });
  return saved;
}

describe('the completion list', () => {
  it('shows the teacher who handed in, who is late and who has not', async () => {
    const { workId } = await seedWork();
    storeUser(await loginAs('teacher1'));
    renderApp({ path: `/teaching-manage/teacher/home/work/complete?workId=${workId}` });

    expect(await screen.findByRole('heading', { name: TITLE })).toBeVisible();
    expect(screen.getByText(/允许迟交，每迟交一天扣满分的 10%，最低保留满分的 50%/)).toBeVisible();
    const late = await rowOf(S3.name);
    expect(within(late).getByText('已提交')).toBeVisible();
    expect(within(late).getByText('迟交 2 天')).toBeVisible();
    const onTime = await rowOf(S1.name);
    expect(within(onTime).getByText('按时')).toBeVisible();
    expect(within(await rowOf('何俊杰')).getByText('未提交')).toBeVisible();
    await waitFor(() => expect(stat('已提交')).toMatch(/^3/));
    expect(stat('已提交')).toContain('共 15 份');
    expect(stat('迟交')).toBe('1');
    expect(stat('未提交')).toBe('12');
    expect(stat('待批改')).toBe('3');
    expect(stat('已批改')).toBe('0');
  });

  it('filters to the late hand-ins and searches by name, on the server', async () => {
    const { workId } = await seedWork();
    storeUser(await loginAs('teacher1'));
    const { user, router } = renderApp({ path: `/teaching/teacher/home/work/complete?workId=${workId}` });

    await rowOf(S1.name);
    await user.click(screen.getByRole('radio', { name: '迟交' }));
    await waitFor(() => expect(router.state.location.search).toMatchObject({ status: 'late' }));
    const table = screen.getByRole('table', { name: '完成情况列表' });
    await waitFor(() => expect(within(table).queryByText(S1.name)).not.toBeInTheDocument());
    expect(within(table).getByText(S3.name)).toBeVisible();

    await user.click(screen.getByRole('radio', { name: '全部' }));
    await user.type(screen.getByRole('textbox', { name: '搜索学生' }), '林雨');
    await waitFor(() => expect(within(table).queryByText(S1.name)).not.toBeInTheDocument());
    expect(within(table).getByText(S2.name)).toBeVisible();
  });

  it('will not publish scores while hand-ins wait for grading; once graded, publishes them', async () => {
    const { workId, ids } = await seedWork();
    // the app's session (a new login ends the older ones of the account)
    const teacher = await loginAs('teacher1');
    storeUser(teacher);
    const first = renderApp({ path: `/teaching-manage/teacher/home/work/complete?workId=${workId}` });

    const publish = await first.findByRole('button', { name: '公布成绩' });
    await waitFor(() => expect(publish).toBeDisabled());
    expect(publish).toHaveAccessibleDescription('还有 3 份已提交的作业没有批改，批改后才能公布成绩');
    first.unmount();

    actAs(teacher);
    for (const [account, score] of [
      [S1.account, 90],
      [S2.account, 80],
      [S3.account, 85],
    ] as const) {
      await correctStudentWork({ body: { schoolId: '1', studentWorkId: ids[account]!, score } });
    }
    const { user } = renderApp({ path: `/teaching-manage/teacher/home/work/complete?workId=${workId}` });
    const ready = await screen.findByRole('button', { name: '公布成绩' });
    await waitFor(() => expect(ready).toBeEnabled());
    await user.click(ready);
    const dialog = await screen.findByRole('dialog', { name: '公布成绩' });
    expect(within(dialog).getByText(/学生将看到自己的分数和评语/)).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: '公布成绩' }));

    expect(await screen.findByText('成绩已公布，学生可以查看 3 份作业的分数和评语')).toBeVisible();
    expect(await screen.findByRole('button', { name: '成绩已公布' })).toBeDisabled();
    const stored = (await api().db.execute(
      `select score_status from course_works where id = ${Number(workId)}`,
    )) as unknown as { rows: { score_status: number }[] };
    expect(stored.rows[0]?.score_status).toBe(1);
    // the late hand-in's row: the teacher's 85, 20 off for two days, 65
    const late = await rowOf(S3.name);
    expect(within(late).getByText('85')).toBeVisible();
    expect(within(late).getByText('-20')).toBeVisible();
    expect(within(late).getByText('65')).toBeVisible();
  });

  it('exports the list as an .xlsx under the server’s file name', async () => {
    const { workId } = await seedWork();
    storeUser(await loginAs('teacher1'));
    const saved = captureDownloads();
    const { user } = renderApp({ path: `/teaching-manage/teacher/home/work/complete?workId=${workId}` });

    await rowOf(S1.name);
    await user.click(screen.getByRole('button', { name: '导出 Excel' }));
    expect(await screen.findByText(`已导出：${TITLE}-完成情况.xlsx`)).toBeVisible();
    expect(saved).toHaveLength(1);
    expect(saved[0]?.name).toBe(`${TITLE}-完成情况.xlsx`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await saved[0]!.blob.arrayBuffer());
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getRow(1).getCell(1).text).toBe('学号');
    expect(sheet.getRow(1).getCell(10).text).toBe('最终得分');
    // one row per student of the class
    expect(sheet.actualRowCount).toBe(16);
  });
});

describe('the grading view', () => {
  it('grades a late hand-in and shows the late penalty as the score is typed, as the server stores it', async () => {
    const { workId, ids } = await seedWork();
    storeUser(await loginAs('teacher1'));
    const { user } = renderApp({ path: `/teaching-manage/teacher/home/work/complete?workId=${workId}` });

    await user.click(within(await rowOf(S3.name)).getByRole('link', { name: `批改 ${S3.who}` }));
    const submission = await screen.findByRole('region', { name: '学生提交' });
    expect(await within(submission).findByText('迟到的答案：0.49%')).toBeVisible();
    expect(within(submission).getByText('迟交 2 天')).toBeVisible();

    const score = screen.getByRole('textbox', { name: '分数' });
    await user.type(score, '85');
    expect(screen.getByText('教师评分 85 分 → 迟交 2 天扣 20 分 → 最终得分 65 分')).toBeVisible();
    await user.type(screen.getByRole('textbox', { name: '评语' }), '思路正确，但迟交了。');
    await user.click(screen.getByRole('button', { name: '保存并下一份' }));

    expect(await screen.findByText(`已保存：${S3.who} 85 分，迟交扣 20 分，最终 65 分`)).toBeVisible();
    expect(await storedWork(ids[S3.account]!)).toMatchObject({
      status: 2,
      score: 85,
      comment: '思路正确，但迟交了。',
    });
    // on to the next of the list: student04, who has not handed in
    expect(await screen.findByRole('heading', { name: '吴佳怡' })).toBeVisible();
    expect(screen.getByText('学生还没有提交，提交后才能批改。')).toBeVisible();
    expect(screen.getByRole('textbox', { name: '分数' })).toBeDisabled();
  });

  it('moves to the next student without carrying the score over, and asks before dropping one not saved', async () => {
    const { workId, ids } = await seedWork();
    storeUser(await loginAs('teacher1'));
    const { user, router } = renderApp({
      path: `/teaching-manage/teacher/home/work/complete/detail/${ids[S1.account]}?workId=${workId}`,
    });

    expect(await screen.findByRole('heading', { name: S1.name })).toBeVisible();
    expect(await screen.findByText(/第 1 \/ 15 份 · 待批改 3/)).toBeVisible();
    // student01's PDF: previewed in the page, downloadable
    const files = screen.getByRole('list', { name: '学生附件' });
    expect(within(files).getByRole('button', { name: '下载 计算过程.pdf' })).toBeVisible();
    Object.defineProperty(URL, 'createObjectURL', { configurable: true, value: () => 'blob:preview' });
    Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, value: () => {} });
    await user.click(within(files).getByRole('button', { name: '预览 计算过程.pdf' }));
    const preview = await screen.findByRole('dialog', { name: '预览：计算过程.pdf' });
    expect(await within(preview).findByTitle('计算过程.pdf 的预览')).toBeInTheDocument();
    await user.click(within(preview).getByRole('button', { name: '关闭' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.type(screen.getByRole('textbox', { name: '分数' }), '90');
    await user.keyboard('{Control>}{Enter}{/Control}');
    expect(await screen.findByText(`已保存：${S1.who} 90 分`)).toBeVisible();
    expect(await screen.findByText(/第 1 \/ 15 份 · 待批改 2/)).toBeVisible();

    await user.keyboard('{Alt>}{ArrowRight}{/Alt}');
    expect(await screen.findByRole('heading', { name: S2.name })).toBeVisible();
    expect(router.state.location.pathname).toBe(
      `/teaching-manage/teacher/home/work/complete/detail/${ids[S2.account]}`,
    );
    expect(screen.getByText(/第 2 \/ 15 份 · 待批改 2/)).toBeVisible();
    // nothing of student01's grade on student02's form
    const score = screen.getByRole('textbox', { name: '分数' });
    expect(score).toHaveValue('');
    expect(screen.getByRole('textbox', { name: '评语' })).toHaveValue('');

    // typed, not saved: moving on asks first
    await user.type(score, '77');
    await user.click(screen.getByRole('button', { name: '下一份' }));
    const ask = await screen.findByRole('dialog', { name: '评分还没有保存' });
    await user.click(within(ask).getByRole('button', { name: '不保存，离开' }));
    expect(await screen.findByRole('heading', { name: S3.name })).toBeVisible();
    expect(screen.getByRole('textbox', { name: '分数' })).toHaveValue('');

    await user.click(screen.getByRole('button', { name: '上一份' }));
    expect(await screen.findByRole('heading', { name: S2.name })).toBeVisible();
    expect(screen.getByRole('textbox', { name: '分数' })).toHaveValue('');
    expect((await storedWork(ids[S2.account]!))?.score).toBeNull();
  });

  it('returns a hand-in for redoing after a confirmation', async () => {
    const { workId, ids } = await seedWork();
    storeUser(await loginAs('teacher1'));
    const { user } = renderApp({
      path: `/teaching/teacher/home/work/complete/detail/${ids[S2.account]}?workId=${workId}`,
    });

    expect(await screen.findByRole('heading', { name: S2.name })).toBeVisible();
    await user.type(screen.getByRole('textbox', { name: '评语' }), '请补充计算过程');
    await user.click(screen.getByRole('button', { name: '退回重做' }));
    const dialog = await screen.findByRole('dialog', { name: '退回重做' });
    expect(within(dialog).getByText(/学生会立即收到通知/)).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: '退回重做' }));

    expect(await screen.findByText(`已退回：${S2.who}，等待学生重新提交`)).toBeVisible();
    expect(await screen.findByText('已退回重做，等学生再次提交后才能批改。')).toBeVisible();
    expect(screen.getByRole('button', { name: '保存评分' })).toBeDisabled();
    expect(await storedWork(ids[S2.account]!)).toMatchObject({
      status: 3,
      score: null,
      comment: '请补充计算过程',
    });
  });

  it('shows the server’s refusal next to the panel and keeps what was typed', async () => {
    const { workId, ids } = await seedWork();
    const teacher = await loginAs('teacher1');
    storeUser(teacher);
    const { user } = renderApp({
      path: `/teaching-manage/teacher/home/work/complete/detail/${ids[S1.account]}?workId=${workId}`,
    });

    expect(await screen.findByRole('heading', { name: S1.name })).toBeVisible();
    await user.type(screen.getByRole('textbox', { name: '分数' }), '88');
    await user.type(screen.getByRole('textbox', { name: '评语' }), '很好');
    // meanwhile, in another tab, the work was returned
    const otherTab = createClient({
      baseUrl: API_BASE,
      getAuth: () => ({ token: teacher.token, userId: teacher.userId }),
    });
    await otherTab.call(correctStudentWork, {
      body: { schoolId: '1', studentWorkId: ids[S1.account]!, returned: true },
    });
    await user.click(screen.getByRole('button', { name: '保存评分' }));

    const alert = await screen.findByRole('alert', { name: '没有保存' });
    expect(alert).toHaveTextContent('这份作业已退回重做，等学生再次提交后才能批改');
    expect(screen.getByRole('textbox', { name: '分数' })).toHaveValue('88');
    expect(screen.getByRole('textbox', { name: '评语' })).toHaveValue('很好');
  });

  it('asks for a score within the total, in steps of 0.5, before sending anything', async () => {
    const { workId, ids } = await seedWork();
    storeUser(await loginAs('teacher1'));
    const { user } = renderApp({
      path: `/teaching-manage/teacher/home/work/complete/detail/${ids[S1.account]}?workId=${workId}`,
    });

    expect(await screen.findByRole('heading', { name: S1.name })).toBeVisible();
    const score = screen.getByRole('textbox', { name: '分数' });
    await user.click(screen.getByRole('button', { name: '保存评分' }));
    expect(await screen.findByText('请输入分数')).toBeVisible();
    await user.type(score, '120');
    expect(await screen.findByText('分数应在 0 到 100 分之间')).toBeVisible();
    await user.clear(score);
    await user.type(score, '88.3');
    expect(await screen.findByText('分数以 0.5 分为单位')).toBeVisible();
    await user.click(screen.getByRole('button', { name: '保存评分' }));
    expect((await storedWork(ids[S1.account]!))?.status).toBe(1);
  });
});

describe('who may grade', () => {
  it('refuses a student the completion list', async () => {
    const { workId } = await seedWork();
    storeUser(await loginAs('student01'));
    renderApp({ path: `/teaching-manage/teacher/home/work/complete?workId=${workId}` });
    expect(await screen.findByRole('heading', { name: '无权访问' })).toBeVisible();
    expect(screen.queryByRole('table', { name: '完成情况列表' })).not.toBeInTheDocument();
  });

  it('refuses a student the grading view', async () => {
    const { workId, ids } = await seedWork();
    storeUser(await loginAs('student01'));
    renderApp({ path: `/teaching/teacher/home/work/complete/detail/${ids[S1.account]}?workId=${workId}` });
    expect(await screen.findByRole('heading', { name: '无权访问' })).toBeVisible();
    expect(screen.queryByRole('region', { name: '学生提交' })).not.toBeInTheDocument();
  });

  it('keeps another teacher out of a work that is not theirs', async () => {
    const { workId } = await seedWork();
    storeUser(await loginAs('teacher2'));
    renderApp({ path: `/teaching-manage/teacher/home/work/complete?workId=${workId}` });
    const failure = await screen.findByRole('alert', { name: '页面加载失败' });
    expect(failure).toHaveTextContent('这不是您布置的作业');
  });
});
