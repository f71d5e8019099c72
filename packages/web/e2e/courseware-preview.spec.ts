import { expect, test } from '@playwright/test';
import { CLASS_1, CLASS_2, loginHome, pdf, sidebar } from './support';

/**
 * Courseware end to end against the real server: a teacher uploads a PDF and shares it with one
 * class in the same form; a student of that class opens the course's 课件 and previews the PDF in
 * the page, under the server's Content-Security-Policy.
 */

const COURSE = '资产定价专题';
const COURSEWARE = '第三章 资产定价讲义';
const PDF_NAME = `${COURSEWARE}.pdf`;

test.describe.configure({ mode: 'serial' });
test.setTimeout(120_000);

const PDF = pdf('CAPM');

test('a teacher uploads a PDF shared with 1班 in the upload form; a student of 1班 previews it in the page', async ({
  browser,
}) => {
  const teacher = await loginHome(browser, 'teacher1');

  // (the other journeys may have given teacher1 courses already; the empty home is a web test)
  await test.step('teacher1 starts from the home page: 新建课程 among the quick actions', async () => {
    await expect(teacher.getByRole('main').getByText(/编号/)).toHaveCount(0);
    await teacher
      .getByRole('navigation', { name: '快捷操作' })
      .getByRole('link', { name: /^新建课程/ })
      .click();
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
    await form.getByRole('button', { name: '创建课程' }).click();
    await expect(teacher.getByText(`已创建课程「${COURSE}」，生成 2 个教学班`)).toBeVisible();
  });

  await test.step('teacher1 uploads the PDF, picking 1班 in the form', async () => {
    await sidebar(teacher).getByRole('link', { name: '课件管理' }).click();
    await teacher.getByRole('main').getByRole('link', { name: '上传课件' }).click();
    const form = teacher.getByRole('form', { name: '上传课件' });
    await form
      .locator('input[type="file"]')
      .setInputFiles({ name: PDF_NAME, mimeType: 'application/pdf', buffer: PDF });
    await form.getByRole('combobox', { name: '课程' }).click();
    await teacher.getByRole('option', { name: COURSE }).click();
    await form.getByRole('button', { name: '上传', exact: true }).click();
    // two classes: nothing goes up until the teacher says who gets it
    await expect(form.getByText('请至少选择一个共享的教学班')).toBeVisible();
    await form.getByRole('checkbox', { name: new RegExp(CLASS_1) }).check();
    await form.getByRole('button', { name: '上传', exact: true }).click();
    await expect(teacher.getByText('课件已上传，并共享给 1 个教学班')).toBeVisible();
    const row = teacher
      .getByRole('table', { name: '课件列表' })
      .getByRole('row')
      .filter({ hasText: COURSEWARE });
    await expect(row.getByText('1 个班')).toBeVisible();
    await teacher.context().close();
  });

  await test.step('student01 (1班) opens 课件 and previews the PDF in the page', async () => {
    const student = await loginHome(browser, 'student01');
    const refused: string[] = [];
    student.on('console', (message) => {
      if (message.type() === 'error') refused.push(message.text());
    });
    // the home page names the new courseware
    await expect(
      student.getByRole('region', { name: '新课件' }).getByRole('link', { name: COURSEWARE }),
    ).toBeVisible();

    await student.goto('/teaching-manage/student');
    await student
      .getByRole('listitem', { name: COURSE })
      .getByRole('link', { name: COURSE, exact: true })
      .click();
    await student
      .getByRole('tablist', { name: '课程内容' })
      .getByRole('tab', { name: /课程课件/ })
      .click();
    const ware = student.getByRole('listitem', { name: COURSEWARE });

    const previewAnswer = student.waitForResponse((response) => response.url().includes('preview=true'));
    await ware.getByRole('button', { name: `预览 ${PDF_NAME}` }).click();
    const answer = await previewAnswer;
    expect(answer.status()).toBe(200);
    expect(answer.headers()['content-type']).toBe('application/pdf');
    expect(answer.headers()['content-disposition']).toMatch(/^inline; /);

    const dialog = student.getByRole('dialog', { name: `预览：${PDF_NAME}` });
    const viewer = dialog.locator('iframe');
    await expect(viewer).toBeVisible();
    await expect(viewer).toHaveAttribute('title', `${PDF_NAME} 的预览`);
    const src = await viewer.getAttribute('src');
    expect(src).toMatch(/^blob:/);
    // what the frame shows: a PDF document, loaded from that source (the page's own blob of the
    // answer above; the app's CSP keeps fetch() away from blob:, so the frame's document is read)
    await expect
      .poll(() =>
        viewer.evaluate((frame: HTMLIFrameElement) => {
          const doc = frame.contentDocument;
          return doc ? { url: doc.URL, type: doc.contentType } : null;
        }),
      )
      .toEqual({ url: src, type: 'application/pdf' });
    expect(refused.filter((text) => /Content Security Policy|Refused/i.test(text))).toEqual([]);

    await dialog.getByRole('button', { name: '关闭' }).click();
    await expect(dialog).toHaveCount(0);
    await student.context().close();
  });
});
