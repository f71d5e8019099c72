import { expect, test } from '@playwright/test';
import { fillLogin } from './support';

test('the guard sends a visitor from /course to /account', async ({ page }) => {
  await page.goto('/course');
  await expect(page).toHaveURL(/\/account/);
  await expect(page.getByRole('button', { name: '登录', exact: true })).toBeVisible();
});

test('a wrong password shows the server message', async ({ page }) => {
  await fillLogin(page, 'teacher2', 'not-the-password');
  await expect(page.getByText('账号或密码错误')).toBeVisible();
  await expect(page).toHaveURL(/\/account/);
});

test('teacher1 logs in, keeps the session over a reload, and logs out', async ({ page }) => {
  await fillLogin(page, 'teacher1');
  await expect(page).toHaveURL(/\/course$/);
  const header = page.getByRole('banner');
  await expect(header.getByText('李明华')).toBeVisible();
  await expect(header.getByText('演示金融科技学院')).toBeVisible();

  await page.reload();
  await expect(page).toHaveURL(/\/course$/);
  await expect(header.getByText('李明华')).toBeVisible();

  await header.getByRole('button', { name: '退出登录' }).click();
  await expect(page).toHaveURL(/\/account/);
  await page.goto('/course');
  await expect(page).toHaveURL(/\/account/);
});

test('a second login elsewhere makes the first session see 登录提示 within one polling period', async ({
  page,
  browser,
}) => {
  await page.clock.install();
  await fillLogin(page, 'teacher1');
  await expect(page).toHaveURL(/\/course$/);

  const elsewhere = await browser.newContext();
  const other = await elsewhere.newPage();
  await fillLogin(other, 'teacher1');
  await expect(other).toHaveURL(/\/course$/);
  await elsewhere.close();

  await page.clock.runFor(60_000);
  const alert = page.getByRole('dialog', { name: '登录提示' });
  await expect(alert).toBeVisible();
  await expect(alert).toContainText('您的账号已在其他地方登录');
  await alert.getByRole('button').first().click();
  await expect(page).toHaveURL(/\/account/);
});
