import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { CLASS_1, CLASS_2, login, pdf, sidebar, studentsWorkbook } from './support';

/**
 * The first day of term, end to end against the real server: a teacher sets up
 * a course for two administrative classes, imports students, posts a notice to
 * one class and shares a PDF with it; a student of that class finds both, a
 * student of the other class finds neither; the school manager disables a
 * student, who can no longer log in.
 */

const COURSE = '量化交易策略实务';
const NOTICE = '第一周上课安排';
const COURSEWARE = '第一章 量化交易概论';
const PDF_NAME = `${COURSEWARE}.pdf`;
const IMPORTED = 40;

test.describe.configure({ mode: 'serial' });
test.setTimeout(180_000);

const goodRows = Array.from({ length: IMPORTED }, (_, i) => {
  const n = String(i + 1).padStart(3, '0');
  return [`2026E${n}`, `新生${n}`, i % 2 === 0 ? '男' : '女', '', '', ''];
});

const PDF = pdf('Week 1');

test('a teacher sets up a course; students of one class see its notice and courseware; the manager imports and disables students', async ({
  browser,
}) => {
  const teacher = await login(browser, 'teacher1', { acceptDownloads: true });
  await expect(teacher).toHaveURL(/\/course$/);

  await test.step('teacher1 creates a course for both administrative classes', async () => {
    await teacher.getByRole('banner').getByRole('link', { name: '教学管理' }).click();
    await expect(teacher).toHaveURL(/\/teaching-manage\/teacher/);
    await sidebar(teacher).getByRole('link', { name: '新建课程' }).click();
    const form = teacher.getByRole('form', { name: '新建课程' });
    await form.getByLabel(/课程名称/).fill(COURSE);
    await form.getByLabel(/开课日期/).fill('2026-09-01');
    await form.getByLabel(/开课日期/).press('Tab');
    await form.getByLabel(/结课日期/).fill('2027-01-15');
    await form.getByLabel(/结课日期/).press('Tab');
    const classes = form.getByRole('table', { name: '可选行政班' });
    for (const name of [CLASS_1, CLASS_2]) {
      await classes
        .getByRole('row')
        .filter({ hasText: name })
        .getByRole('checkbox', { name: '选择此行' })
        .check();
    }
    await expect(form.getByText('已选 2 个班，共 30 名学生：')).toBeVisible();
    await form.getByRole('button', { name: '创建课程' }).click();
    await expect(teacher.getByText(`已创建课程「${COURSE}」，生成 2 个教学班`)).toBeVisible();
    const row = teacher.getByRole('table', { name: '课程列表' }).getByRole('row').filter({ hasText: COURSE });
    await expect(row.getByText(`${CLASS_1} · 15人`)).toBeVisible();
    await expect(row.getByText(`${CLASS_2} · 15人`)).toBeVisible();
  });

  await test.step('a file with a bad row imports nothing and reports the row', async () => {
    await sidebar(teacher).getByRole('link', { name: '学生管理' }).click();
    await expect(teacher.getByText('共 30 条')).toBeVisible();
    await teacher.getByRole('button', { name: '导入学生' }).click();
    const dialog = teacher.getByRole('dialog', { name: '导入学生' });
    await dialog.getByRole('combobox', { name: /导入到行政班/ }).click();
    await teacher.getByRole('option', { name: new RegExp(CLASS_1) }).click();
    const bad = goodRows.map((row) => [...row]);
    bad[6]![2] = '未知';
    await dialog.locator('input[type="file"]').setInputFiles({
      name: '新生名单.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: await studentsWorkbook(bad),
    });
    await dialog.getByRole('button', { name: '开始导入' }).click();
    await expect(dialog.getByText('导入失败，没有导入任何学生')).toBeVisible();
    const errors = dialog.getByRole('table', { name: '导入错误' });
    const errorRows = errors.getByRole('row');
    await expect(errorRows).toHaveCount(2);
    // Row 8 of the sheet: the header is row 1, the seventh student row 8.
    await expect(errorRows.nth(1).getByRole('cell').nth(0)).toHaveText('8');
    await expect(errorRows.nth(1).getByRole('cell').nth(1)).toHaveText('2026E007');
    await expect(errorRows.nth(1).getByRole('cell').nth(2)).toContainText('性别');
    await dialog.getByRole('button', { name: '取消' }).click();
    await expect(teacher.getByText('共 30 条')).toBeVisible();
  });

  await test.step('the corrected file imports all 40 students into 1班', async () => {
    await teacher.getByRole('button', { name: '导入学生' }).click();
    const dialog = teacher.getByRole('dialog', { name: '导入学生' });
    await dialog.getByRole('combobox', { name: /导入到行政班/ }).click();
    await teacher.getByRole('option', { name: new RegExp(CLASS_1) }).click();
    await dialog.locator('input[type="file"]').setInputFiles({
      name: '新生名单.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: await studentsWorkbook(goodRows),
    });
    await dialog.getByRole('button', { name: '开始导入' }).click();
    await expect(teacher.getByText(new RegExp(`已向${CLASS_1}导入 ${IMPORTED} 名学生`))).toBeVisible();
    await expect(teacher.getByText(`共 ${30 + IMPORTED} 条`)).toBeVisible();
  });

  await test.step('teacher1 posts a notice visible to 1班 only', async () => {
    await sidebar(teacher).getByRole('link', { name: '通知管理' }).click();
    await teacher.getByRole('main').getByRole('link', { name: '发布通知' }).click();
    const form = teacher.getByRole('form', { name: '发布通知' });
    await form.getByRole('textbox', { name: '标题' }).fill(NOTICE);
    await form.getByRole('combobox', { name: '课程' }).click();
    await teacher.getByRole('option', { name: COURSE }).click();
    await form.getByRole('checkbox', { name: new RegExp(CLASS_2) }).uncheck();
    await expect(form.getByRole('checkbox', { name: new RegExp(CLASS_1) })).toBeChecked();
    const editor = form.getByRole('textbox', { name: '通知内容' });
    await editor.click();
    await editor.pressSequentially('周一第三节课在实验楼 302 上课，请带电脑。');
    await form.getByRole('button', { name: '发布' }).click();
    await expect(teacher.getByText('通知已发布')).toBeVisible();
    const row = teacher.getByRole('table', { name: '通知列表' }).getByRole('row').filter({ hasText: NOTICE });
    await expect(row.getByText('已发布')).toBeVisible();
    await expect(row.getByText(new RegExp(`${CLASS_1} · 0/${15 + IMPORTED}`))).toBeVisible();
    await expect(row.getByText(new RegExp(CLASS_2))).toHaveCount(0);
  });

  await test.step('teacher1 uploads a PDF courseware shared with 1班', async () => {
    await sidebar(teacher).getByRole('link', { name: '课件管理' }).click();
    await teacher.getByRole('main').getByRole('link', { name: '上传课件' }).click();
    const form = teacher.getByRole('form', { name: '上传课件' });
    await form
      .locator('input[type="file"]')
      .setInputFiles({ name: PDF_NAME, mimeType: 'application/pdf', buffer: PDF });
    await expect(form.getByRole('list', { name: '已选择的文件' }).getByText(PDF_NAME)).toBeVisible();
    await expect(form.getByRole('textbox', { name: '课件名称' })).toHaveValue(COURSEWARE);
    await form.getByRole('combobox', { name: '课程' }).click();
    await teacher.getByRole('option', { name: COURSE }).click();
    // shared while uploading: the course's classes are offered in the form
    await form.getByRole('checkbox', { name: new RegExp(CLASS_1) }).check();
    await form.getByRole('button', { name: '上传', exact: true }).click();
    await expect(teacher.getByText('课件已上传，并共享给 1 个教学班')).toBeVisible();
    const row = teacher
      .getByRole('table', { name: '课件列表' })
      .getByRole('row')
      .filter({ hasText: COURSEWARE });
    await expect(row.getByText('1 个班')).toBeVisible();
  });
  await teacher.context().close();

  await test.step('student01 (1班) sees the course, reads the notice and downloads the PDF', async () => {
    const student = await login(browser, 'student01', { acceptDownloads: true });
    await expect(student).toHaveURL(/\/course$/);
    await student.goto('/teaching-manage/student');
    const card = student.getByRole('listitem', { name: COURSE });
    await expect(card.getByText('进行中')).toBeVisible();
    await expect(card.getByLabel('1 条未读通知')).toBeVisible();
    const nav = sidebar(student);
    await expect(nav.getByLabel('1 条未读通知')).toBeVisible();

    await card.getByRole('link', { name: COURSE, exact: true }).click();
    await expect(student.getByRole('heading', { name: COURSE })).toBeVisible();
    // ids travel plainly in the address (?courseId=12), so links can be shared and bookmarked
    await expect(student).toHaveURL(/\?courseId=\d+$/);
    await student.getByRole('button', { name: new RegExp(`^未读 ${NOTICE}`) }).click();
    const reader = student.getByRole('dialog', { name: NOTICE });
    await expect(reader.getByText('周一第三节课在实验楼 302 上课，请带电脑。')).toBeVisible();
    await expect(nav.getByLabel('1 条未读通知')).toHaveCount(0);
    await reader.getByRole('button', { name: '关闭' }).click();
    await expect(student.getByRole('button', { name: new RegExp(`^${NOTICE}`) })).toBeVisible();

    await student
      .getByRole('tablist', { name: '课程内容' })
      .getByRole('tab', { name: /课程课件/ })
      .click();
    const ware = student.getByRole('listitem', { name: COURSEWARE });
    const downloading = student.waitForEvent('download');
    await ware.getByRole('button', { name: `下载 ${PDF_NAME}` }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(PDF_NAME);
    expect(Buffer.compare(await readFile((await download.path())!), PDF)).toBe(0);
    await expect(student.getByText(`已下载：${PDF_NAME}`)).toBeVisible();

    // The read state is stored on the server: after a reload the notice is still read.
    await student.reload();
    await nav.getByRole('link', { name: '课程通知' }).click();
    await expect(
      student.getByRole('list', { name: '通知列表' }).getByRole('button', { name: new RegExp(`^${NOTICE}`) }),
    ).toBeVisible();
    await expect(nav.getByLabel('1 条未读通知')).toHaveCount(0);
    await student.context().close();
  });

  await test.step('student16 (2班) sees neither the notice nor the courseware', async () => {
    const student = await login(browser, 'student16', { acceptDownloads: true });
    await expect(student).toHaveURL(/\/course$/);
    await student.goto('/teaching-manage/student/notice');
    await expect(student.getByText('暂无通知')).toBeVisible();
    await expect(student.getByText(NOTICE)).toHaveCount(0);
    await sidebar(student).getByRole('link', { name: '课程课件' }).click();
    await expect(student.getByText('暂无课件')).toBeVisible();
    await expect(student.getByText(COURSEWARE)).toHaveCount(0);
    await student.context().close();
  });

  await test.step('the school manager disables an imported student, who can no longer log in', async () => {
    // An imported student's account is their student number; the initial password is its last 6
    // characters, and must be replaced at the first login before anything else.
    const imported = await login(browser, '2026E040', { password: '26E040', acceptDownloads: true });
    const change = imported.getByRole('form', { name: '修改初始密码' });
    await change.getByLabel('新密码', { exact: true }).fill('Quant2026x');
    await change.getByLabel('确认新密码', { exact: true }).fill('Quant2026x');
    await change.getByRole('button', { name: '确认修改' }).click();
    await expect(imported).toHaveURL(/\/course$/);
    await imported.context().close();

    const manager = await login(browser, 'manager', { acceptDownloads: true });
    await expect(manager).toHaveURL(/\/course$/);
    await manager.getByRole('banner').getByRole('link', { name: '学生管理' }).click();
    // the school's students and classes are the manager's: they import into 2班, which no course of theirs uses
    await expect(manager.getByText(`共 ${30 + IMPORTED} 条`)).toBeVisible();
    await manager.getByRole('button', { name: '导入学生' }).click();
    const importing = manager.getByRole('dialog', { name: '导入学生' });
    await importing.getByRole('combobox', { name: /导入到行政班/ }).click();
    await manager.getByRole('option', { name: new RegExp(CLASS_2) }).click();
    const transfers = Array.from({ length: 5 }, (_, i) => [
      `2026M00${i + 1}`,
      `转入生${i + 1}`,
      '女',
      '',
      '',
      '',
    ]);
    await importing.locator('input[type="file"]').setInputFiles({
      name: '转入学生.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: await studentsWorkbook(transfers),
    });
    await importing.getByRole('button', { name: '开始导入' }).click();
    await expect(manager.getByText(new RegExp(`已向${CLASS_2}导入 5 名学生`))).toBeVisible();
    await expect(manager.getByText(`共 ${30 + IMPORTED + 5} 条`)).toBeVisible();

    await manager.getByRole('textbox', { name: '搜索学生' }).fill('新生040');
    const table = manager.getByRole('table', { name: '学生列表' });
    const row = table.getByRole('row').filter({ hasText: '新生040' });
    await expect(row.getByText('在读')).toBeVisible();
    await row.getByRole('button', { name: '操作 新生040' }).click();
    await manager.getByRole('menuitem', { name: '设为停用' }).click();
    const confirm = manager.getByRole('dialog', { name: '设为停用' });
    await confirm.getByRole('button', { name: '设为停用' }).click();
    await expect(manager.getByText('已将「新生040」设为停用')).toBeVisible();
    await expect(row.getByText('停用')).toBeVisible();
    await manager.context().close();

    const disabled = await login(browser, '2026E040', { password: 'Quant2026x', acceptDownloads: true });
    await expect(disabled.getByText('账号已被停用，请联系学校管理员')).toBeVisible();
    await expect(disabled).toHaveURL(/\/account/);
    await disabled.context().close();
  });
});
