import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { type Download, expect, type Locator, type Page, test } from '@playwright/test';
import { apiCreateCourse, apiLogin, CLASS_1, loginHome, sidebar } from './support';

/**
 * An exam from the teacher's side, against the real server: teacher1 opens 题库与试卷, makes a
 * 题库 and imports 20 exercises from the page's own template (a file with one bad row first:
 * nothing is imported and the row is named), builds a paper by hand from them and opens it, then
 * sets an exam for the course in 考试管理, imports its examiners from the examiner template,
 * publishes it; student01 finds it in 我的考试.
 */

const RUN = Date.now().toString(36).slice(-5);
const COURSE = `量化投资考试 ${RUN}`;
const BANK = `期中题库 ${RUN}`;
const PAPER = `期中手工试卷 ${RUN}`;
const EXAM = `量化投资期中考试 ${RUN}`;
// the examiners: the first five demo students of 1班, by student number
const EXAMINERS = [
  ['20260001', '陈思远'],
  ['20260002', '林雨桐'],
  ['20260003', '黄子轩'],
  ['20260004', '吴佳怡'],
  ['20260005', '刘浩然'],
] as const;

/** 20 choice exercises in the template's columns (题型, 题干, 选项A–H, 答案, 解析, 难度, 分值). */
function exerciseRows(): string[][] {
  return Array.from({ length: 20 }, (_, i) => {
    const n = i + 1;
    const blanks = ['', '', '', ''];
    if (n % 5 === 0)
      return [
        '判断',
        `第${n}题：分散投资可以降低非系统性风险。`,
        '',
        '',
        ...blanks,
        '',
        '',
        '正确',
        '',
        '简单',
        '5',
      ];
    if (n % 3 === 0)
      return [
        '多选',
        `第${n}题：下列属于风险度量的有？`,
        '波动率',
        '年化收益率',
        '最大回撤',
        '成交量',
        ...blanks,
        'AC',
        '',
        '中等',
        '5',
      ];
    return [
      '单选',
      `第${n}题：衡量单位总风险超额收益的指标是？`,
      '贝塔系数',
      '夏普比率',
      '最大回撤',
      '换手率',
      ...blanks,
      'B',
      '夏普比率等于超额收益除以标准差。',
      '简单',
      '5',
    ];
  });
}

async function downloaded(page: Page, click: () => Promise<void>): Promise<Download> {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  return download;
}

/** The downloaded template with its example rows replaced by `rows` (header row and notes kept). */
async function fillTemplate(download: Download, rows: readonly (readonly string[])[]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(
    (await readFile((await download.path())!)) as unknown as Parameters<typeof book.xlsx.load>[0],
  );
  const sheet = book.worksheets[0]!;
  if (sheet.rowCount > 1) sheet.spliceRows(2, sheet.rowCount - 1);
  for (const row of rows) sheet.addRow([...row]);
  return Buffer.from(await book.xlsx.writeBuffer());
}

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

async function drop(scope: Locator, name: string, buffer: Buffer) {
  await scope.locator('input[type="file"]').setInputFiles({ name, mimeType: XLSX_TYPE, buffer });
}

test.describe.configure({ mode: 'serial' });
test.setTimeout(120_000);

test('a teacher imports a 题库, builds a paper, sets an exam with imported examiners and publishes it; a student sees it', async ({
  browser,
  request,
}) => {
  // set up before the browser logs in: one account has one live session
  await apiCreateCourse(request, await apiLogin(request, 'teacher1'), COURSE, [CLASS_1]);
  const teacher = await loginHome(browser, 'teacher1', { acceptDownloads: true });
  let examId = '';

  await test.step('teacher1 makes a 题库 and imports 20 exercises: a bad row first, then the corrected file', async () => {
    await teacher.getByRole('banner').getByRole('link', { name: '教学管理' }).click();
    await sidebar(teacher).getByRole('link', { name: '题库与试卷' }).click();
    await expect(teacher).toHaveURL(/\/teaching-manage\/teacher\/exam\/manage/);
    await expect(teacher.getByRole('heading', { level: 1, name: '题库与试卷' })).toBeVisible();

    const banks = teacher.getByRole('navigation', { name: '题库' });
    await banks.getByRole('button', { name: '新建题库' }).click();
    const tagForm = teacher.getByRole('form', { name: '新建题库' });
    await tagForm.getByRole('textbox', { name: '题库名称' }).fill(BANK);
    await tagForm.getByRole('button', { name: '保存' }).click();
    await expect(teacher.getByText(`已新建题库「${BANK}」`)).toBeVisible();
    await expect(banks.getByRole('button', { name: `${BANK}（0 道题）` })).toBeVisible();
    await expect(teacher.getByRole('heading', { level: 2, name: BANK })).toBeVisible();

    await teacher.getByRole('button', { name: '导入习题' }).click();
    const dialog = teacher.getByRole('dialog', { name: '导入习题' });
    await expect(dialog.getByText(BANK)).toBeVisible();
    const template = await downloaded(teacher, () =>
      dialog.getByRole('button', { name: '下载选择题模板' }).click(),
    );
    expect(template.suggestedFilename()).toBe('选择题导入模板.xlsx');

    // row 7 of the sheet (the sixth exercise) has no answer
    const rows = exerciseRows();
    const bad = rows.map((row) => [...row]);
    bad[5]![10] = '';
    await drop(dialog, '期中题库（有错）.xlsx', await fillTemplate(template, bad));
    await dialog.getByRole('button', { name: '开始导入' }).click();
    await expect(dialog.getByRole('alert').filter({ hasText: '导入失败，没有导入任何习题' })).toContainText(
      '共 20 行，其中 1 行有问题',
    );
    const errors = dialog.getByRole('table', { name: '导入错误' });
    const errorRow = errors.getByRole('row').filter({ hasText: /^7/ });
    await expect(errorRow).toHaveCount(1);
    await expect(errorRow.getByRole('cell').nth(1)).toHaveText('答案');
    await expect(errorRow.getByRole('cell').nth(2)).toHaveText('答案不能为空');

    await drop(dialog, '期中题库.xlsx', await fillTemplate(template, rows));
    await dialog.getByRole('button', { name: '开始导入' }).click();
    await expect(teacher.getByText(`已向「${BANK}」导入 20 道习题`)).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(banks.getByRole('button', { name: `${BANK}（20 道题）` })).toBeVisible();
    const list = teacher.getByRole('table', { name: '习题列表' });
    await expect(list.getByText('第1题：衡量单位总风险超额收益的指标是？')).toBeVisible();
    await expect(list.getByText('第20题：分散投资可以降低非系统性风险。')).toBeVisible();
  });

  await test.step('teacher1 builds a paper by hand from three exercises and opens it', async () => {
    await teacher.getByRole('tablist', { name: '题库与试卷' }).getByRole('tab', { name: '试卷' }).click();
    await expect(teacher.getByText('还没有试卷')).toBeVisible();
    await teacher.getByRole('button', { name: '手工组卷' }).first().click();
    const form = teacher.getByRole('form', { name: '手工组卷' });
    await form.getByRole('textbox', { name: '试卷名称' }).fill(PAPER);
    const picker = form.getByRole('table', { name: '题库习题' });
    for (let i = 0; i < 3; i += 1) {
      await expect(picker.getByRole('button', { name: /^添加 / })).not.toHaveCount(0);
      await picker
        .getByRole('button', { name: /^添加 / })
        .first()
        .click();
      await expect(form.getByRole('list', { name: '已选习题' }).getByRole('listitem')).toHaveCount(i + 1);
    }
    await form.getByRole('textbox', { name: '第 1 题分值' }).fill('40');
    await form.getByRole('textbox', { name: '第 2 题分值' }).fill('30');
    await form.getByRole('textbox', { name: '第 3 题分值' }).fill('30');
    await expect(form.getByText('共 3 题，总分 100 分')).toBeVisible();
    await form.getByRole('textbox', { name: '考试时长（分钟）' }).fill('45');
    await form.getByRole('button', { name: '生成试卷' }).click();
    await expect(teacher.getByText(`已生成试卷「${PAPER}」：3 题，总分 100`)).toBeVisible();

    const papers = teacher.getByRole('table', { name: '试卷列表' });
    const row = papers.getByRole('row').filter({ hasText: PAPER });
    await expect(row.getByText('手工组卷', { exact: true })).toBeVisible();
    await row.getByRole('link', { name: PAPER, exact: true }).click();
    await expect(teacher.getByRole('heading', { level: 1, name: PAPER })).toBeVisible();
    await expect(teacher.getByText('3 题', { exact: true })).toBeVisible();
    await expect(teacher.getByText('100 分', { exact: true })).toBeVisible();
    await expect(teacher.getByText('45 分钟', { exact: true })).toBeVisible();
    await expect(teacher.getByRole('article', { name: '第 1 题' })).toBeVisible();
  });

  await test.step('teacher1 sets the exam for the course in 考试管理', async () => {
    await sidebar(teacher).getByRole('link', { name: '考试管理' }).click();
    await expect(teacher.getByRole('heading', { level: 1, name: '考试管理' })).toBeVisible();
    await teacher.getByRole('main').getByRole('link', { name: '新建考试' }).first().click();
    const form = teacher.getByRole('form', { name: '新建考试' });
    await form.getByRole('textbox', { name: '考试名称' }).fill(EXAM);
    await form.getByRole('combobox', { name: '所属课程' }).click();
    await teacher.getByRole('option', { name: COURSE }).click();

    // the window: tomorrow 9:00 (the form's start) to the day after at the same hour
    const end = new Date();
    end.setDate(end.getDate() + 2);
    const endField = form.getByRole('button', { name: '结束时间' });
    await endField.click();
    await teacher
      .getByRole('button', {
        name: `${end.getFullYear()}年${end.getMonth() + 1}月${end.getDate()}日`,
        exact: true,
      })
      .first()
      .click();
    await teacher.getByRole('button', { name: '确定' }).click();
    await expect(endField).toContainText(
      `${end.getFullYear()}-${String(end.getMonth() + 1).padStart(2, '0')}-${String(end.getDate()).padStart(2, '0')}`,
    );
    await form.getByRole('textbox', { name: '作答时长（分钟）' }).fill('60');

    const card = (n: number) => form.getByRole('region', { name: `第 ${n} 题` });
    await form.getByRole('button', { name: '单选题', exact: true }).click();
    await card(1).getByRole('textbox', { name: '题干' }).fill('衡量单位总风险超额收益的指标是？');
    for (const [letter, text] of [
      ['A', '贝塔系数'],
      ['B', '夏普比率'],
      ['C', '最大回撤'],
      ['D', '换手率'],
    ] as const) {
      await card(1)
        .getByRole('textbox', { name: `选项 ${letter}` })
        .fill(text);
    }
    await card(1).getByRole('radio', { name: 'B 为正确答案' }).check();
    await card(1).getByRole('textbox', { name: '分值' }).fill('50');

    await form.getByRole('button', { name: '判断题', exact: true }).click();
    await card(2).getByRole('textbox', { name: '题干' }).fill('分散投资可以降低非系统性风险。');
    await card(2).getByRole('radio', { name: '正确' }).check();
    await card(2).getByRole('textbox', { name: '分值' }).fill('50');
    await expect(form.getByText(/^共 2 题，总分 100/)).toBeVisible();
    await form.getByRole('textbox', { name: '及格分' }).fill('60');

    await form.getByRole('button', { name: '创建考试' }).click();
    await expect(teacher.getByText('考试已创建，请添加考生后发布')).toBeVisible();
    await expect(teacher).toHaveURL(/\/examiner\/\d+$/);
    examId = new URL(teacher.url()).pathname.split('/').pop()!;
  });

  await test.step('teacher1 imports the examiners from the template and publishes the exam', async () => {
    await expect(teacher.getByText('逐个添加或按模板导入学生；名单不为空才能发布考试。')).toBeVisible();
    await teacher.getByRole('button', { name: '导入考生' }).click();
    const dialog = teacher.getByRole('dialog', { name: '导入考生' });
    const template = await downloaded(teacher, () =>
      dialog.getByRole('button', { name: '下载导入模板' }).click(),
    );
    await drop(dialog, '考生名单.xlsx', await fillTemplate(template, EXAMINERS));
    await expect(dialog.getByText('考生名单.xlsx')).toBeVisible();
    await dialog.getByRole('button', { name: '开始导入' }).click();
    await expect(teacher.getByText(`已导入 ${EXAMINERS.length} 名考生`)).toBeVisible();
    await expect(dialog).toBeHidden();
    const list = teacher.getByRole('table', { name: '考生名单' });
    for (const [number, name] of EXAMINERS) {
      const row = list.getByRole('row').filter({ hasText: number });
      await expect(row.getByText(name)).toBeVisible();
    }

    await teacher.getByRole('link', { name: '返回考试管理' }).click();
    const row = teacher.getByRole('table', { name: '考试列表' }).getByRole('row').filter({ hasText: EXAM });
    await expect(row.getByText('下架')).toBeVisible();
    await expect(row.getByText(`0 / ${EXAMINERS.length}`)).toBeVisible();
    await row.getByRole('button', { name: `发布 ${EXAM}` }).click();
    const confirm = teacher.getByRole('dialog', { name: '发布考试' });
    await expect(confirm.getByText(new RegExp(`名单中的 ${EXAMINERS.length} 名考生`))).toBeVisible();
    await confirm.getByRole('button', { name: '发布' }).click();
    await expect(teacher.getByText(`“${EXAM}”已发布`)).toBeVisible();
    await expect(row.getByText('上架')).toBeVisible();
    expect(examId).toMatch(/^\d+$/);
    await teacher.context().close();
  });

  await test.step('student01 finds the exam in 我的考试', async () => {
    const student = await loginHome(browser, 'student01');
    await student.goto('/my/examination');
    const exams = student
      .getByRole('table', { name: '考试列表' })
      .or(student.getByRole('list', { name: '考试列表' }));
    await expect(exams.getByText(EXAM)).toBeVisible();
    await student.context().close();
  });
});
