import { expect, type Page, test } from '@playwright/test';
import { apiCreateCourse, apiLogin, CLASS_1, PASSWORD } from './support';

/**
 * A student on a phone (390 × 844): every page of their 学习中心 is reached through the
 * header's menu, shows its heading, and the page never scrolls sideways.
 */

const WIDTH = 390;
const COURSE = '移动端学习体验课';

test.use({ viewport: { width: WIDTH, height: 844 }, hasTouch: true, isMobile: true });
test.setTimeout(120_000);

/** teacher2 (not teacher1, whose lists the other journeys read) teaches student01's class. */
test.beforeAll(async ({ request }) => {
  await apiCreateCourse(request, await apiLogin(request, 'teacher2'), COURSE, [CLASS_1]);
});

/** The page's heading is shown and nothing makes the page wider than the phone. */
async function expectFits(page: Page, heading?: string | RegExp) {
  const title = page.getByRole('heading', { level: 1, ...(heading ? { name: heading } : {}) });
  await expect(title).toBeVisible();
  await page.waitForLoadState('networkidle');
  const width = await page.evaluate(() => document.scrollingElement!.scrollWidth);
  expect(width, `${page.url()} scrolls sideways`).toBeLessThanOrEqual(WIDTH);
}

/** Opens the header's menu and follows one of its links; the menu closes behind it. */
async function viaMenu(page: Page, navigation: string, link: string) {
  await page.getByRole('banner').getByRole('button', { name: '打开导航菜单' }).click();
  const menu = page.getByRole('dialog');
  // 课程 and not 我的课程; 学习中心 may carry its unread count
  const name = new RegExp(`^${link}(\\s|\\d|$)`);
  await menu.getByRole('navigation', { name: navigation }).getByRole('link', { name }).click();
  await expect(menu).toBeHidden();
}

test('student01 on a phone reaches every page of the 学习中心 through the menu, none wider than the screen', async ({
  page,
}) => {
  await page.goto('/account');
  await page.getByLabel('账号', { exact: true }).fill('student01');
  await page.getByLabel('密码', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await expect(page).toHaveURL(/\/course$/);
  await expectFits(page);
  // The header's own navigation gave way to the menu.
  await expect(page.getByRole('banner').getByRole('navigation', { name: '主导航' })).toBeHidden();

  await test.step('the menu holds the navigation, the user and 退出登录', async () => {
    await page.getByRole('banner').getByRole('button', { name: '打开导航菜单' }).click();
    const menu = page.getByRole('dialog');
    await expect(menu.getByText('陈思远')).toBeVisible();
    await expect(menu.getByRole('button', { name: '退出登录' })).toBeVisible();
    await menu.getByRole('button', { name: '关闭导航菜单' }).click();
    await expect(menu).toBeHidden();
  });

  await test.step('学习中心 and its pages in the main shell', async () => {
    await viaMenu(page, '主导航', '学习中心');
    await expect(page).toHaveURL(/\/teaching\/student$/);
    await expectFits(page, '学习中心');

    await viaMenu(page, '主导航', '我的课程');
    await expect(page).toHaveURL(/\/teaching\/student\/mycourse/);
    await expectFits(page, '我的课程');
    await expect(page.getByText(COURSE).first()).toBeVisible();

    await viaMenu(page, '主导航', '课程通知');
    await expect(page).toHaveURL(/\/teaching\/student\/notice/);
    await expectFits(page, '课程通知');

    await viaMenu(page, '主导航', '课程课件');
    await expect(page).toHaveURL(/\/teaching\/student\/courseWare/);
    await expectFits(page, '课程课件');

    await viaMenu(page, '主导航', '课程');
    await expect(page).toHaveURL(/\/course$/);
    await expectFits(page);
  });

  await test.step('the same pages in the 学习中心 area of the teaching shell', async () => {
    await page.goto('/teaching-manage/student');
    await expect(page).toHaveURL(/\/teaching-manage\/student\/mycourse/);
    await expectFits(page, '我的课程');

    await viaMenu(page, '学习中心导航', '课程通知');
    await expect(page).toHaveURL(/\/teaching-manage\/student\/notice/);
    await expectFits(page);

    await viaMenu(page, '学习中心导航', '课程课件');
    await expect(page).toHaveURL(/\/teaching-manage\/student\/courseWare/);
    await expectFits(page);

    await viaMenu(page, '学习中心导航', '我的课程');
    await expect(page).toHaveURL(/\/teaching-manage\/student\/mycourse/);
    await expectFits(page, '我的课程');

    await viaMenu(page, '学习中心导航', '返回课程首页');
    await expect(page).toHaveURL(/\/course$/);
    await expectFits(page);
  });

  await test.step('an unknown address shows 页面不存在 inside the shell, with the menu', async () => {
    await page.goto('/no/such/page');
    await expectFits(page, '页面不存在');
    await expect(page.getByRole('banner').getByRole('button', { name: '打开导航菜单' })).toBeVisible();
    await page.getByRole('link', { name: '回到首页' }).click();
    await expect(page).toHaveURL(/\/course$/);
  });
});
