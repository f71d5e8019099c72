import { screen, waitFor, within } from '@testing-library/react';
import ExcelJS from 'exceljs';
import { describe, expect, it, vi } from 'vitest';
import { loginAs, setupApiServer, storeUser } from '@/test/api-server';
import { renderApp } from '@/test/render-app';
import { createCourseFixture } from '@/test/teaching-fixture';
import { saveQuiz, takeQuiz } from './teacher-quiz-test-fixture';

setupApiServer();

/** The cells of a table's row, by the text of its first (header) cell. */
function rowCells(table: HTMLElement, header: string): string[] {
  const row = within(table).getByRole('rowheader', { name: header }).closest('tr') as HTMLElement;
  return within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent ?? '');
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

describe('a quiz’s statistics and a student’s paper', () => {
  it('shows the figures, the per-question rates and every student; a paper shows answer, key and points', async () => {
    const course = await createCourseFixture();
    const quiz = await saveQuiz(course, '第一章随堂测验', { publish: true });
    await takeQuiz('student01', quiz, [['B'], ['true'], ['Sharpe']]);
    await takeQuiz('student02', quiz, [['A'], ['true'], null]);
    storeUser(await loginAs('teacher1'));
    const { user, router } = renderApp({
      path: `/teaching-manage/teacher/test/statistics?id=${quiz.quizId}`,
    });

    expect(await screen.findByRole('heading', { name: '第一章随堂测验 · 统计' })).toBeVisible();
    const figures = screen.getByRole('region', { name: '成绩概况' });
    for (const [label, value] of [
      ['应答人数', '15'],
      ['已交卷', '2'],
      ['未开始', '13'],
      ['平均分', '12.5'],
      ['最高 / 最低分', '20 / 5'],
      ['及格率', '50%'],
    ] as const) {
      expect(within(figures).getByText(label).nextSibling).toHaveTextContent(value);
    }

    const rates = screen.getByRole('table', { name: '逐题正确率' });
    expect(rowCells(rates, '第 1 题')).toEqual(['单选', '1 / 2', '50%']);
    expect(rowCells(rates, '第 2 题')).toEqual(['判断', '2 / 2', '100%']);
    expect(rowCells(rates, '第 3 题')).toEqual(['填空', '1 / 2', '50%']);
    const bands = screen.getByRole('table', { name: '分数分布（已交卷）' });
    expect(rowCells(bands, '90–100%')).toEqual(['1 人']);
    expect(rowCells(bands, '0–60%')).toEqual(['1 人']);

    // every student of the class, those who have not started too
    const records = await screen.findByRole('table', { name: '学生作答记录' });
    await waitFor(() => expect(within(records).getAllByText('未开始')).toHaveLength(13));
    expect(within(records).getAllByText('已交卷')).toHaveLength(2);
    const papers = within(records).getAllByRole('link', { name: /的答卷$/ });
    expect(papers).toHaveLength(2);

    // the records as a workbook, a pair of columns per question, under the server's name
    const saved = captureDownloads();
    await user.click(screen.getByRole('button', { name: '导出成绩' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]!.name).toMatch(/第一章随堂测验.*\.xlsx$/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await saved[0]!.blob.arrayBuffer());
    const header = (book.worksheets[0]!.getRow(1).values as unknown[]).map(String);
    expect(header).toEqual(expect.arrayContaining(['学号', '第 1 题答案', '第 3 题得分']));
    expect(book.worksheets[0]!.rowCount).toBe(16);
    vi.restoreAllMocks();

    // sorted by score, best first
    await user.click(within(records).getByRole('button', { name: '得分' }));
    await user.click(within(records).getByRole('button', { name: '得分' }));
    await waitFor(() => {
      const first = within(records).getAllByRole('row')[1] as HTMLElement;
      expect(within(first).getByRole('cell', { name: '20' })).toBeVisible();
    });
    // only those not started
    await user.click(screen.getByRole('checkbox', { name: '只看未开始' }));
    await waitFor(() => expect(within(records).queryAllByRole('link', { name: /的答卷$/ })).toHaveLength(0));
    await user.click(screen.getByRole('checkbox', { name: '只看未开始' }));

    // student02's paper (sorted by score, the second link)
    const second = (await within(records).findAllByRole('link', { name: /的答卷$/ }))[1]!;
    await user.click(second);
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/review-test\/\d+$/));
    expect(await screen.findByRole('heading', { name: /的答卷$/ })).toBeVisible();
    const summary = screen.getByRole('region', { name: '成绩概况' });
    expect(within(summary).getByText('得分').nextSibling).toHaveTextContent('5 / 20');
    expect(within(summary).getByText('班级平均分').nextSibling).toHaveTextContent('12.5');
    expect(within(summary).getByText('班内名次').nextSibling).toHaveTextContent('2 / 2');

    const first = screen.getByRole('region', { name: /^第 1 题/ });
    expect(within(first).getByText('错误 · 得 0 分')).toBeVisible();
    expect(within(first).getByText('学生答案：').parentElement).toHaveTextContent('学生答案：A');
    expect(within(first).getByText('标准答案：').parentElement).toHaveTextContent('标准答案：B');
    expect(await within(first).findByText('夏普比率等于超额收益除以收益率的标准差。')).toBeVisible();
    const blank = screen.getByRole('region', { name: /^第 3 题/ });
    expect(within(blank).getByText('学生答案：').parentElement).toHaveTextContent('学生答案：未作答');
    expect(within(blank).getByText('标准答案：').parentElement).toHaveTextContent(
      '标准答案：第 1 空：夏普比率 或 Sharpe',
    );

    // the same page at the spec's /test-result-teacher/{paperId}
    const paperId = router.state.location.pathname.split('/').pop()!;
    await router.navigate({ href: `/test-result-teacher/${paperId}` });
    expect(await screen.findByRole('heading', { name: /的答卷$/ })).toBeVisible();
  }, 60_000);

  it('previews the quiz without its keys and leads back to editing', async () => {
    const course = await createCourseFixture();
    const quiz = await saveQuiz(course, '第一章随堂测验');
    storeUser(await loginAs('teacher1'));
    const { user, router } = renderApp({ path: `/test-preview/${quiz.quizId}` });
    expect(await screen.findByRole('heading', { name: '第一章随堂测验' })).toBeVisible();
    expect(await screen.findByText('衡量单位总风险所获超额收益的指标是？')).toBeVisible();
    expect(screen.queryByRole('img', { name: '正确选项' })).not.toBeInTheDocument();
    expect(screen.queryByText(/夏普比率\|Sharpe/)).not.toBeInTheDocument();
    expect(screen.queryByText('夏普比率等于超额收益除以收益率的标准差。')).not.toBeInTheDocument();
    await user.click(screen.getAllByRole('link', { name: '返回编辑' })[0]!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/teaching-manage/teacher/test/manage'));
    expect(await screen.findByRole('form', { name: '编辑测验' })).toBeVisible();
  }, 60_000);

  it('says so when the paper is not the teacher’s to see', async () => {
    storeUser(await loginAs('teacher1'));
    renderApp({ path: '/review-test/999999' });
    expect(await screen.findByRole('heading', { name: '答卷不存在或您无权查看' })).toBeVisible();
  });
});
