import { expect, test } from '@playwright/test';
import { fillLogin, PASSWORD } from './support';

// three logins, a reset and a password change: longer than the default 30 s on a busy machine
test.setTimeout(120_000);

test('the admin resets teacher1’s password; teacher1 logs in with it and must set a new one', async ({
  page,
}) => {
  await fillLogin(page, 'admin');
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { name: '管理后台', level: 1 })).toBeVisible();

  await page.getByRole('link', { name: '进入用户管理' }).click();
  await expect(page).toHaveURL(/\/admin\/users$/);
  const table = page.getByRole('table', { name: '用户列表' });
  await page.getByRole('textbox', { name: '搜索账号' }).fill('teacher1');
  const row = table.getByRole('row').filter({ hasText: 'teacher1' });
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(row).toContainText('李明华');

  await row.getByRole('button', { name: '重置 teacher1 的密码' }).click();
  await page.getByRole('dialog', { name: '重置密码' }).getByRole('button', { name: '重置密码' }).click();
  const shown = page.getByRole('dialog', { name: '密码已重置' });
  const temporary = (await shown.getByTestId('temporary-password').textContent()) ?? '';
  expect(temporary).toMatch(/^[A-Za-z\d]{12}$/);
  await shown.getByRole('button', { name: '我已记下' }).click();

  await page.getByRole('banner').getByRole('button', { name: '退出登录' }).click();
  await expect(page).toHaveURL(/\/account/);

  // the old password no longer opens the account
  await fillLogin(page, 'teacher1');
  await expect(page.getByText('账号或密码错误')).toBeVisible();

  await fillLogin(page, 'teacher1', temporary);
  const form = page.getByRole('form', { name: '修改初始密码' });
  await expect(form).toBeVisible();
  await expect(page).toHaveURL(/\/account/);
  // back to the demo password, so the other journeys find teacher1 as seeded
  await form.getByLabel('新密码', { exact: true }).fill(PASSWORD);
  await form.getByLabel('确认新密码', { exact: true }).fill(PASSWORD);
  await form.getByRole('button', { name: '确认修改' }).click();
  await expect(page).toHaveURL(/\/course$/);
  await expect(page.getByRole('banner').getByText('李明华')).toBeVisible();
});
