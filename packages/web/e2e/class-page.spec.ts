import { expect, type Page, test } from '@playwright/test';
import { CLASS_1, CLASS_2, expectNoSidewaysOverflow, loginHome } from './support';

/**
 * One class, one place: a teacher opens a course from the course list and
 * goes through every tab of its class page, the course's header staying on
 * each; from the 通知 tab a notice is written with the course filled in, is
 * stopped while no class would see it, and once published the teacher is back
 * on the tab. A class page opened without a course says so.
 */

const COURSE = '固定收益与利率模型';
const NOTICE = '第二周课堂测验安排';

test.describe.configure({ mode: 'serial' });
test.setTimeout(180_000);

test('a teacher goes through the class page of a course and publishes a notice from its 通知 tab', async ({
  browser,
}) => {
  const teacher = await loginHome(browser, 'teacher1', { viewport: { width: 1280, height: 720 } });
  const header = teacher.getByRole('region', { name: '课程概况' });
  const courseHeading = header.getByRole('heading', { level: 1, name: COURSE });
  const tabs = teacher.getByRole('tablist', { name: '班级详情' });

  await test.step('teacher1 creates a course for both administrative classes', async () => {
    await teacher.goto('/teaching-manage/teacher/add-class');
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

  await test.step('the name link and the icon of the list open the same class page', async () => {
    const row = teacher.getByRole('table', { name: '课程列表' }).getByRole('row').filter({ hasText: COURSE });
    const nameLink = row.getByRole('link', { name: COURSE, exact: true });
    const icon = row.getByRole('link', { name: `打开「${COURSE}」的班级页面` });
    const href = await nameLink.getAttribute('href');
    expect(href).toMatch(/^\/teaching-manage\/teacher\/class-detail\?courseId=\d+$/);
    expect(await icon.getAttribute('href')).toBe(href);
    await icon.hover();
    await expect(teacher.getByRole('tooltip', { name: '打开班级页面' })).toBeVisible();
    await nameLink.click();
    await expect(courseHeading).toBeVisible();
    await expect(header.getByRole('list', { name: '教学班' })).toContainText(
      new RegExp(`${CLASS_1} · \\d+人`),
    );
    await expect(tabs.getByRole('tab', { name: '学习数据' })).toHaveAttribute('aria-selected', 'true');
  });

  await test.step('every tab keeps the course header and shows this course', async () => {
    const tabContent: [string, (page: Page) => ReturnType<Page['getByRole']>][] = [
      ['章节', (page) => page.getByRole('region', { name: '课程章节' })],
      ['学生', (page) => page.getByRole('table', { name: '学生名单' })],
      ['通知', (page) => page.getByRole('table', { name: '通知列表' })],
      ['课件', (page) => page.getByRole('table', { name: '课件列表' })],
      ['学习数据', (page) => page.getByRole('table', { name: '学生数据' })],
    ];
    for (const [label, content] of tabContent) {
      await tabs.getByRole('tab', { name: label }).click();
      await expect(tabs.getByRole('tab', { name: label })).toHaveAttribute('aria-selected', 'true');
      await expect(content(teacher)).toBeVisible();
      await expect(courseHeading).toBeVisible();
      await expect(teacher).toHaveURL(/\/teaching-manage\/teacher\/class-detail\?courseId=\d+&tab=\w+$/);
    }
    // however many students the other journeys have imported
    await expect(teacher.getByText(/^共 \d+ 条$/)).toBeVisible();
    await expectNoSidewaysOverflow(teacher);
  });

  await test.step('a notice for no class is stopped; with a class it is published and the tab shows it', async () => {
    await tabs.getByRole('tab', { name: '通知' }).click();
    await teacher.getByRole('main').getByRole('link', { name: '发布通知' }).click();
    const form = teacher.getByRole('form', { name: '发布通知' });
    // Filled in from the class: its course and every class of it.
    await expect(form.getByRole('combobox', { name: '课程' })).toHaveValue(COURSE);
    await expect(form.getByRole('checkbox', { name: new RegExp(CLASS_1) })).toBeChecked();
    await expect(form.getByRole('checkbox', { name: new RegExp(CLASS_2) })).toBeChecked();
    await form.getByRole('textbox', { name: '标题' }).fill(NOTICE);
    const editor = form.getByRole('textbox', { name: '通知内容' });
    await editor.click();
    await editor.pressSequentially('周三课上进行 20 分钟小测验，范围是第一、二章。');

    await form.getByRole('checkbox', { name: new RegExp(CLASS_1) }).uncheck();
    await form.getByRole('checkbox', { name: new RegExp(CLASS_2) }).uncheck();
    await form.getByRole('button', { name: '发布' }).click();
    await expect(form.getByText('发布通知至少要选择一个教学班')).toBeVisible();
    await expect(teacher.getByText('通知已发布')).toHaveCount(0);
    await expect(teacher).toHaveURL(/\/teaching-manage\/teacher\/notice\/edit\?/);

    await form.getByRole('checkbox', { name: new RegExp(CLASS_1) }).check();
    await form.getByRole('button', { name: '发布' }).click();
    await expect(teacher.getByText('通知已发布')).toBeVisible();
    await expect(teacher).toHaveURL(/\/teaching-manage\/teacher\/class-detail\?courseId=\d+&tab=notices$/);
    await expect(courseHeading).toBeVisible();
    await expect(tabs.getByRole('tab', { name: '通知' })).toHaveAttribute('aria-selected', 'true');
    const row = teacher.getByRole('table', { name: '通知列表' }).getByRole('row').filter({ hasText: NOTICE });
    await expect(row.getByText('已发布')).toBeVisible();
    await expect(row.getByText(new RegExp(`${CLASS_1} · 0/\\d+`))).toBeVisible();
    await expect(row.getByText(new RegExp(CLASS_2))).toHaveCount(0);
    // The row's actions are on screen at 1280 × 720.
    const del = row.getByRole('button', { name: `删除 ${NOTICE}` });
    await del.scrollIntoViewIfNeeded();
    await expect(del).toBeInViewport({ ratio: 1 });
  });

  await test.step('at 390 px the header and the tabs stay usable', async () => {
    await teacher.setViewportSize({ width: 390, height: 844 });
    await tabs.getByRole('tab', { name: '课件' }).click();
    await expect(courseHeading).toBeVisible();
    const upload = teacher.getByRole('main').getByRole('link', { name: '上传课件' });
    await upload.scrollIntoViewIfNeeded();
    await expect(upload).toBeInViewport({ ratio: 1 });
    for (const label of ['章节', '学生', '通知', '课件', '学习数据']) {
      await expect(tabs.getByRole('tab', { name: label })).toBeVisible();
    }
    // The header and the whole tab bar fit the phone's width.
    for (const part of [header, tabs]) {
      const box = await part.boundingBox();
      expect(box).not.toBeNull();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    }
    await teacher.screenshot({ path: test.info().outputPath('class-page-390.png'), fullPage: true });
  });

  await test.step('a class page without a course offers the teacher’s courses', async () => {
    await teacher.setViewportSize({ width: 1280, height: 720 });
    await teacher.goto('/teaching-manage/teacher/class-detail');
    await expect(teacher.getByRole('heading', { name: '没有指定课程' })).toBeVisible();
    await teacher.getByRole('list', { name: '我的课程' }).getByRole('link', { name: COURSE }).click();
    await expect(courseHeading).toBeVisible();
  });
  await teacher.context().close();
});
