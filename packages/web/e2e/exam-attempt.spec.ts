import { expect, type Page, test } from '@playwright/test';
import { api, apiGet, apiLogin, loginHome, type Session } from './support';

/**
 * An exam from the student's side, against the real server: student01 passes the admission check,
 * answers half the paper, reloads (every answer is back), loses the network and answers the rest
 * (kept in the browser, shown unsaved), gets it back (all saved), and the deadline passes on the
 * server's clock: the attempt is handed in by the server. The teacher grades the short answer; the
 * student sees the score; the item analysis has every question's rate.
 */

const RUN = Date.now().toString(36).slice(-5);
const EXAM = `期中考试（网络中断演练）${RUN}`;
const DURATION_MIN = 30;

const QUESTIONS = [
  {
    type: 1,
    stem: '<p>衡量单位总风险超额收益的指标是？</p>',
    options: ['贝塔系数', '夏普比率', '最大回撤', '换手率'].map((content, i) => ({
      key: 'ABCD'[i],
      content,
    })),
    answers: ['B'],
    score: 10,
  },
  {
    type: 1,
    stem: '<p>日波动率 1% 时，按 252 个交易日年化约为？</p>',
    options: ['2.52%', '15.9%', '252%', '1%'].map((content, i) => ({ key: 'ABCD'[i], content })),
    answers: ['B'],
    score: 10,
  },
  { type: 3, stem: '<p>分散投资可以降低非系统性风险。</p>', options: [], answers: ['T'], score: 10 },
  {
    type: 2,
    stem: '<p>下列属于风险度量的有？</p>',
    options: ['波动率', '年化收益率', '最大回撤', '成交量'].map((content, i) => ({
      key: 'ABCD'[i],
      content,
    })),
    answers: ['A', 'C'],
    score: 10,
    partialScore: 5,
  },
  {
    type: 4,
    stem: '<p>单位总风险的超额收益称为 ____。</p>',
    options: [],
    answers: ['夏普比率|Sharpe'],
    score: 10,
  },
  { type: 5, stem: '<p>简述动量策略的基本思想。</p>', options: [], answers: ['买强卖弱'], score: 50 },
];

test.describe.configure({ mode: 'serial' });
test.setTimeout(240_000);

async function answered(page: Page, orderNo: number) {
  await expect(
    page
      .getByRole('navigation', { name: '答题卡' })
      .getByRole('button', { name: new RegExp(`^第 ${orderNo} 题，已作答`) }),
  ).toBeVisible();
}

async function saved(page: Page) {
  await expect(page.getByRole('status', { name: '保存状态' })).toContainText('已保存');
}

async function goTo(page: Page, orderNo: number) {
  await page
    .getByRole('navigation', { name: '答题卡' })
    .getByRole('button', { name: new RegExp(`^第 ${orderNo} 题`) })
    .click();
}

test('a student answers through a reload and a network cut; the server hands the paper in at the deadline; the teacher grades it', async ({
  browser,
  request,
}) => {
  // the teacher sets the exam before anyone logs in in a browser (one account has one live session)
  const teacher: Session = await apiLogin(request, 'teacher1');
  const student: Session = await apiLogin(request, 'student01');
  const now = Date.now();
  const exam = await api<{ examId: string; questions: { questionId: string; orderNo: number }[] }>(
    request,
    '/api/examination/teacher/create',
    {
      schoolId: '1',
      examName: EXAM,
      attendNotice: '开卷。答案自动保存，断网后请继续作答。',
      startTime: now - 60_000,
      endTime: now + 3 * 3600_000,
      duration: DURATION_MIN,
      passScore: 60,
      resultPolicy: 1,
      questions: QUESTIONS,
    },
    teacher,
  );
  await api(
    request,
    '/api/examination/teacher/examiners/add',
    { examId: exam.examId, userIds: [student.userId] },
    teacher,
  );
  await api(request, '/api/examination/teacher/updown', { examId: exam.examId, upDownStatus: 1 }, teacher);

  const page = await loginHome(browser, 'student01');
  await page.goto('/my/examination');
  const row = page
    .getByRole('listitem')
    .filter({ hasText: EXAM })
    .or(page.getByRole('row').filter({ hasText: EXAM }));
  await row
    .getByRole('link', { name: /进入考试|考前须知/ })
    .or(row.getByRole('button', { name: /进入考试|考前须知/ }))
    .first()
    .click();
  await expect(page).toHaveURL(/\/attention/);
  await expect(page.getByText('开卷。答案自动保存，断网后请继续作答。')).toBeVisible();
  await page.getByRole('button', { name: '开始考试' }).click();
  await expect(page).toHaveURL(new RegExp(`/examination/${exam.examId}$`));

  // half the paper: two single choices and a true/false, each saved before the next
  await page.getByRole('radio', { name: /夏普比率/ }).check();
  await saved(page);
  await page.getByRole('button', { name: '下一题' }).click();
  await page.getByRole('radio', { name: /15\.9%/ }).check();
  await saved(page);
  await page.getByRole('button', { name: '下一题' }).click();
  await page.getByRole('radio', { name: '正确' }).check();
  await saved(page);

  // a reload: every answer is back
  await page.reload();
  for (const orderNo of [1, 2, 3]) await answered(page, orderNo);
  await goTo(page, 1);
  await expect(page.getByRole('radio', { name: /夏普比率/ })).toBeChecked();

  // the network goes: the student keeps answering, nothing is shown as saved
  await page.context().setOffline(true);
  await goTo(page, 4);
  await page
    .getByRole('checkbox', { name: /波动率/ })
    .first()
    .check();
  await page.getByRole('checkbox', { name: /最大回撤/ }).check();
  await expect(page.getByText('网络已断开')).toBeVisible();
  await expect(page.getByRole('status', { name: '保存状态' })).toContainText('未保存');
  await goTo(page, 5);
  await page.getByRole('textbox', { name: '第 1 空' }).fill('Sharpe');
  await goTo(page, 6);
  await page.getByRole('textbox').last().fill('买入过去涨得多的资产，卖出涨得少的，赚趋势延续的钱。');
  await expect(
    page.getByRole('navigation', { name: '答题卡' }).getByRole('button', { name: /未保存/ }),
  ).not.toHaveCount(0);

  // back online: the waiting answers go, in order, and are acknowledged
  await page.context().setOffline(false);
  await expect(page.getByText('网络已断开')).toBeHidden({ timeout: 20_000 });
  await expect(
    page.getByRole('navigation', { name: '答题卡' }).getByRole('button', { name: /未保存/ }),
  ).toHaveCount(0, { timeout: 20_000 });
  for (const orderNo of [1, 2, 3, 4, 5, 6]) await answered(page, orderNo);
  const status = await apiGet<{ answeredCount: number }>(
    request,
    `/api/examination/teacher/user/attend/${exam.examId}/${student.userId}`,
    teacher,
  );
  expect(status).toMatchObject({ answeredCount: 6 });

  // the deadline passes on the server's clock, with its grace: the server hands the paper in
  await request.post('/__test__/clock/advance', { data: { advanceMs: (DURATION_MIN + 1) * 60_000 } });
  await expect(page.getByRole('alert').filter({ hasText: /已交卷/ })).toBeVisible({ timeout: 90_000 });
  const attend = await apiGet<{ attendStatus: number; submitType: number }>(
    request,
    `/api/examination/teacher/user/attend/${exam.examId}/${student.userId}`,
    teacher,
  );
  // handed in by the server at the deadline (1), not by the student
  expect(attend).toMatchObject({ attendStatus: 2, submitType: 1 });
  const sheet = await apiGet<{ examiner: { objectiveScore: number } }>(
    request,
    `/api/examination/teacher/user/get/${exam.examId}/${student.userId}`,
    teacher,
  );
  expect(sheet.examiner.objectiveScore).toBe(50);

  // the teacher grades the short answer; the student's score is complete
  const qa = exam.questions.find((question) => question.orderNo === 6)!;
  await api(
    request,
    '/api/examination/teacher/score/save',
    {
      examId: exam.examId,
      userId: student.userId,
      items: [{ questionId: qa.questionId, score: 40, comment: '思路正确，可以补充交易成本的影响。' }],
    },
    teacher,
  );
  await page.reload();
  const score = page.getByRole('region', { name: '我的成绩' });
  await expect(score).toContainText('90');
  await expect(score).toContainText('及格');

  const stats = await apiGet<{ submittedCount: number; questionStats: { scoreRate: number | null }[] }>(
    request,
    `/api/examination/teacher/static/${exam.examId}`,
    teacher,
  );
  expect(stats.submittedCount).toBe(1);
  expect(stats.questionStats.map((question) => question.scoreRate)).toEqual([1, 1, 1, 1, 1, 0.8]);
});
