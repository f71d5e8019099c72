import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { apiCreateCourse, apiLogin, CLASS_1, loginHome, sidebar } from './support';

/**
 * A quiz from the class page to the exported records, against the real server: teacher1 writes a
 * quiz of three question types on the class page's 测验 tab and publishes it; student01 and
 * student02 take it and see their scores; the teacher ends it, gives the answers out, reads the
 * statistics, opens student02's paper and exports the records.
 */

const RUN = Date.now().toString(36).slice(-5);
const COURSE = `量化投资测验 ${RUN}`;
const QUIZ = `第一章随堂测验 ${RUN}`;

test.describe.configure({ mode: 'serial' });
test.setTimeout(120_000);

/** Types into a question's stem: the rich-text editor starts when the field is clicked. */
async function typeStem(form: Locator, label: string, text: string) {
  const stem = form.getByRole('textbox', { name: label });
  await stem.click();
  await expect(stem).toHaveAttribute('contenteditable', 'true');
  await stem.pressSequentially(text);
}

async function addQuestion(page: Page, form: Locator, type: string) {
  await form.getByRole('button', { name: '添加题目' }).click();
  await page.getByRole('menuitem', { name: type }).click();
}

const saved = (page: Page) =>
  expect(page.getByRole('status', { name: '本题保存状态' })).toContainText('已保存', { timeout: 15_000 });

/** A student takes the quiz from the course's quiz list and hands it in; answers are per question. */
async function takeQuiz(
  page: Page,
  courseId: string,
  answers: { single: RegExp; trueFalse: '正确' | '错误'; blank: string },
) {
  await page.goto(`/teaching-manage/student/test/list?courseId=${courseId}`);
  const row = page.getByRole('table', { name: '测验列表' }).getByRole('row').filter({ hasText: QUIZ });
  await expect(row.getByText('可作答')).toBeVisible();
  await row.getByRole('link', { name: `开始作答 ${QUIZ}` }).click();
  await expect(page).toHaveURL(/\/start-test\/\d+$/);
  await expect(page.getByRole('heading', { name: QUIZ })).toBeVisible();
  await page.getByRole('button', { name: '开始作答' }).click();

  const card = page.getByRole('navigation', { name: '答题卡' });
  await page.getByRole('radio', { name: answers.single }).check();
  await saved(page);
  await card.getByRole('button', { name: /^第 2 题/ }).click();
  await page.getByRole('radio', { name: answers.trueFalse, exact: true }).check();
  await saved(page);
  await card.getByRole('button', { name: /^第 3 题/ }).click();
  await page.getByRole('textbox', { name: '第 3 题的答案' }).fill(answers.blank);
  await saved(page);
  for (const n of [1, 2, 3])
    await expect(card.getByRole('button', { name: `第 ${n} 题，已作答` })).toBeVisible();

  await page.getByRole('button', { name: '交卷' }).click();
  await page.getByRole('dialog', { name: '确认交卷' }).getByRole('button', { name: '交卷' }).click();
  await expect(page).toHaveURL(/\/test-result-student\/\d+$/);
}

test('a teacher sets a quiz on the class page; two students take it; the teacher ends it, gives the answers out, reviews a paper and exports the records', async ({
  browser,
  request,
}) => {
  // set up before the browser logs in: one account has one live session
  const course = await apiCreateCourse(request, await apiLogin(request, 'teacher1'), COURSE, [CLASS_1]);
  const teacher = await loginHome(browser, 'teacher1', { acceptDownloads: true });
  const tabs = teacher.getByRole('tablist', { name: '班级详情' });

  await test.step('teacher1 writes a quiz of three question types on the 测验 tab and publishes it', async () => {
    await teacher.getByRole('banner').getByRole('link', { name: '教学管理' }).click();
    await sidebar(teacher).getByRole('link', { name: '教学班级' }).click();
    await teacher
      .getByRole('table', { name: '课程列表' })
      .getByRole('row')
      .filter({ hasText: COURSE })
      .getByRole('link', { name: COURSE, exact: true })
      .click();
    await tabs.getByRole('tab', { name: '测验' }).click();
    await expect(teacher.getByText('还没有测验')).toBeVisible();
    await teacher.getByRole('main').getByRole('link', { name: '新建测验' }).first().click();

    const form = teacher.getByRole('form', { name: '新建测验' });
    await form.getByRole('textbox', { name: '测验名称' }).fill(QUIZ);
    // from the class page: its course and its only class
    await expect(form.getByRole('checkbox', { name: new RegExp(CLASS_1) })).toBeChecked();

    await typeStem(form, '第 1 题题干', '衡量单位总风险所获超额收益的指标是？');
    for (const [index, text] of ['贝塔系数', '夏普比率', '最大回撤', '换手率'].entries()) {
      await form.getByRole('textbox', { name: `第 1 题选项 ${'ABCD'[index]}` }).fill(text);
    }
    await form.getByRole('radio', { name: '第 1 题正确答案 B' }).check();
    await form.getByRole('textbox', { name: '第 1 题解析' }).fill('夏普比率 = 超额收益 / 标准差');

    await addQuestion(teacher, form, '判断题');
    await typeStem(form, '第 2 题题干', '分散投资可以降低非系统性风险。');
    await form.getByRole('radio', { name: '正确', exact: true }).check();

    await addQuestion(teacher, form, '填空题');
    await typeStem(form, '第 3 题题干', '单位总风险的超额收益称为 ____。');
    await form.getByRole('textbox', { name: '第 3 题第 1 空答案' }).fill('夏普比率|Sharpe');
    await expect(form.getByText('共 3 题，总分 15 分')).toBeVisible();

    await form.getByRole('button', { name: '保存并发布' }).click();
    const confirm = teacher.getByRole('dialog', { name: '发布测验' });
    await expect(confirm.getByText(CLASS_1)).toBeVisible();
    await confirm.getByRole('button', { name: '发布' }).click();
    await expect(teacher.getByText('测验已发布')).toBeVisible();
    const row = teacher.getByRole('table', { name: '测验列表' }).getByRole('row').filter({ hasText: QUIZ });
    await expect(row.getByText('进行中')).toBeVisible();
  });

  await test.step('student01 answers everything right, student02 misses the single choice; each sees the score', async () => {
    const first = await loginHome(browser, 'student01');
    await takeQuiz(first, course.courseId, { single: /夏普比率/, trueFalse: '正确', blank: 'Sharpe' });
    await expect(first.getByText('15 / 15')).toBeVisible();
    await first.context().close();

    const second = await loginHome(browser, 'student02');
    await takeQuiz(second, course.courseId, { single: /贝塔系数/, trueFalse: '正确', blank: '夏普比率' });
    await expect(second.getByText('10 / 15')).toBeVisible();
    await second.context().close();
  });

  await test.step('teacher1 ends the quiz and gives the answers out', async () => {
    await teacher.reload();
    const row = teacher.getByRole('table', { name: '测验列表' }).getByRole('row').filter({ hasText: QUIZ });
    await expect(row.getByRole('cell', { name: '2', exact: true })).toBeVisible();
    await row.getByRole('button', { name: `结束 ${QUIZ}` }).click();
    const end = teacher.getByRole('dialog', { name: '结束测验' });
    await end.getByRole('button', { name: '结束' }).click();
    await expect(teacher.getByText('测验已结束')).toBeVisible();

    await row.getByRole('button', { name: `分发答案 ${QUIZ}` }).click();
    const distribute = teacher.getByRole('dialog', { name: '分发答案' });
    await expect(distribute.getByText('分发不能撤回，测验也不能再重新开放。')).toBeVisible();
    await distribute.getByRole('button', { name: '分发答案' }).click();
    await expect(teacher.getByText('答案已分发给学生')).toBeVisible();
    await expect(row.getByText('答案已分发')).toBeVisible();
  });

  await test.step('teacher1 reads the statistics, reviews student02’s paper and exports the records', async () => {
    const row = teacher.getByRole('table', { name: '测验列表' }).getByRole('row').filter({ hasText: QUIZ });
    await row.getByRole('link', { name: `${QUIZ} 的统计` }).click();
    await expect(teacher).toHaveURL(/\/teaching-manage\/teacher\/test\/statistics/);
    await expect(teacher.getByRole('heading', { name: `${QUIZ} · 统计` })).toBeVisible();
    const figures = teacher.getByRole('region', { name: '成绩概况' });
    await expect(figures).toContainText('已交卷2');
    await expect(figures).toContainText('平均分12.5');
    await expect(figures).toContainText('最高 / 最低分15 / 10');
    const rates = teacher.getByRole('table', { name: '逐题正确率' });
    await expect(rates.getByRole('row').filter({ hasText: '第 1 题' })).toContainText('1 / 2');
    await expect(rates.getByRole('row').filter({ hasText: '第 2 题' })).toContainText('2 / 2');

    // the records as a workbook: student01's row with the full score
    const records = teacher.getByRole('table', { name: '学生作答记录' });
    await expect(records.getByRole('link', { name: /的答卷$/ })).toHaveCount(2);
    const [download] = await Promise.all([
      teacher.waitForEvent('download'),
      teacher.getByRole('button', { name: '导出成绩' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(
      (await readFile((await download.path())!)) as unknown as Parameters<typeof book.xlsx.load>[0],
    );
    const sheet = book.worksheets[0]!;
    const header = (sheet.getRow(1).values as unknown[]).map(String);
    const column = (name: string) => header.indexOf(name);
    expect(column('学号')).toBeGreaterThan(0);
    let studentRow: ExcelJS.Row | undefined;
    sheet.eachRow((r) => {
      if (String(r.getCell(column('学号')).value) === '20260001') studentRow = r;
    });
    expect(studentRow, '导出中有 student01 的一行').toBeDefined();
    expect(String(studentRow!.getCell(column('姓名')).value)).toBe('陈思远');
    expect(String(studentRow!.getCell(column('状态')).value)).toBe('已交卷');
    expect(Number(studentRow!.getCell(column('得分')).value)).toBe(15);

    await records
      .getByRole('row')
      .filter({ hasText: '林雨桐' })
      .getByRole('link', { name: /的答卷$/ })
      .click();
    await expect(teacher).toHaveURL(/\/review-test\/\d+$/);
    await expect(teacher.getByRole('heading', { name: /林雨桐.*的答卷$/ })).toBeVisible();
    await expect(teacher.getByRole('region', { name: '成绩概况' })).toContainText('10 / 15');
    const single = teacher.getByRole('region', { name: /^第 1 题/ });
    await expect(single.getByText('错误 · 得 0 分')).toBeVisible();
    await expect(single).toContainText('学生答案：A');
    await expect(single).toContainText('标准答案：B');
  });
});
