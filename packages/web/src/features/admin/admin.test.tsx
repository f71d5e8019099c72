import { DEMO_SCHOOL } from '@dfrm/server/testing';
import { login } from '@dfrm/sdk/user';
import { PRODUCT_ID } from '@dfrm/sdk';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, liveSessionCount, loginAs, setupApiServer, storeUser } from '@/test/api-server';
import { renderApp } from '@/test/render-app';

setupApiServer();

/** The first cells of the body rows, top to bottom. */
function firstCells(table: HTMLElement): string[] {
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]?.textContent ?? '');
}

describe('the platform admin’s area', () => {
  it('takes an admin without a school role from / to the admin home, with counts and the nav entry', async () => {
    storeUser(await loginAs('admin'));
    const { router } = renderApp({ path: '/' });
    expect(await screen.findByRole('heading', { name: '管理后台', level: 1 })).toBeVisible();
    expect(router.state.location.pathname).toBe('/admin');
    const schools = screen.getByRole('region', { name: '学校管理' });
    expect(await within(schools).findByText('1')).toBeVisible();
    const users = screen.getByRole('region', { name: '用户管理' });
    await waitFor(() => expect(within(users).queryByText(/^\d+$/)).not.toBeNull());
    expect(screen.getByRole('link', { name: '管理后台' })).toHaveAttribute('href', '/admin');
    expect(screen.getByRole('link', { name: '进入用户管理' })).toHaveAttribute('href', '/admin/users');
  });

  it('lists the schools with their head counts', async () => {
    storeUser(await loginAs('admin'));
    renderApp({ path: '/admin/schools' });
    const table = await screen.findByRole('table', { name: '学校列表' });
    await within(table).findByText(DEMO_SCHOOL.name);
    const row = within(table).getByText(DEMO_SCHOOL.name).closest('tr')!;
    const cells = within(row)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    // teachers, students, managers, classes of the demo school
    expect(cells.slice(1, 5)).toEqual(['2', '30', '1', String(DEMO_SCHOOL.classes.length)]);
  });

  it('creates a school and refuses a second one of the same name', async () => {
    storeUser(await loginAs('admin'));
    const { user } = renderApp({ path: '/admin/schools' });
    const table = await screen.findByRole('table', { name: '学校列表' });
    await within(table).findByText(DEMO_SCHOOL.name);
    await user.click(screen.getByRole('button', { name: '新建学校' }));
    let dialog = await screen.findByRole('dialog', { name: '新建学校' });
    await user.type(within(dialog).getByRole('textbox', { name: /学校名称/ }), '第二实验学院');
    await user.click(within(dialog).getByRole('button', { name: '新建' }));
    expect(await screen.findByText('已新建学校「第二实验学院」')).toBeVisible();
    await waitFor(() => expect(firstCells(table)).toEqual([DEMO_SCHOOL.name, '第二实验学院']));

    await user.click(screen.getByRole('button', { name: '新建学校' }));
    dialog = await screen.findByRole('dialog', { name: '新建学校' });
    await user.type(within(dialog).getByRole('textbox', { name: /学校名称/ }), '第二实验学院');
    await user.click(within(dialog).getByRole('button', { name: '新建' }));
    expect(await screen.findByText('学校名称已存在')).toBeVisible();
    expect(screen.getByRole('dialog', { name: '新建学校' })).toBeVisible();
  });

  it('finds a teacher, resets the password; only the temporary one works and it must be changed', async () => {
    storeUser(await loginAs('admin'));
    await loginAs('teacher1');
    expect(await liveSessionCount('teacher1')).toBe(1);
    const { user } = renderApp({ path: '/admin/users' });
    const table = await screen.findByRole('table', { name: '用户列表' });
    await user.type(screen.getByRole('textbox', { name: '搜索账号' }), 'teacher1');
    await waitFor(() => expect(firstCells(table)).toEqual(['teacher1']));
    const row = within(table).getByText('teacher1').closest('tr')!;
    expect(within(row).getByText(`${DEMO_SCHOOL.name}：教师`)).toBeVisible();

    await user.click(within(row).getByRole('button', { name: '重置 teacher1 的密码' }));
    const confirm = await screen.findByRole('dialog', { name: '重置密码' });
    await user.click(within(confirm).getByRole('button', { name: '重置密码' }));
    const shown = await screen.findByRole('dialog', { name: '密码已重置' });
    const password = within(shown).getByTestId('temporary-password').textContent ?? '';
    expect(password).toMatch(/^[A-Za-z\d]{12}$/);
    expect(within(shown).getByRole('button', { name: '复制临时密码' })).toBeVisible();
    await user.click(within(shown).getByRole('button', { name: '我已记下' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '密码已重置' })).toBeNull());

    expect(await liveSessionCount('teacher1')).toBe(0);
    await expect(loginAs('teacher1', DEMO_PASSWORD)).rejects.toMatchObject({ errMsg: '账号或密码错误' });
    const fresh = await login({ body: { account: 'teacher1', password, productId: PRODUCT_ID } });
    expect(fresh.mustChangePassword).toBe(true);
  });

  it('disables an account after confirmation; its login is then refused', async () => {
    storeUser(await loginAs('admin'));
    const { user } = renderApp({ path: '/admin/users' });
    const table = await screen.findByRole('table', { name: '用户列表' });
    await user.type(screen.getByRole('textbox', { name: '搜索账号' }), 'teacher2');
    await waitFor(() => expect(firstCells(table)).toEqual(['teacher2']));
    const row = () => within(table).getByText('teacher2').closest('tr')!;
    await user.click(within(row()).getByRole('button', { name: '停用 teacher2' }));
    const dialog = await screen.findByRole('dialog', { name: '停用账号' });
    expect(within(dialog).getByText(/不能再登录/)).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: '停用' }));
    expect(await screen.findByText('已停用「周晓燕」')).toBeVisible();
    await waitFor(() => expect(within(row()).getByText('已停用')).toBeVisible());
    await expect(loginAs('teacher2')).rejects.toMatchObject({ errMsg: '账号已被停用，请联系学校管理员' });
  });

  it('shows 无权访问 to a teacher opening /admin, and no nav entry', async () => {
    storeUser(await loginAs('teacher1'));
    renderApp({ path: '/admin' });
    expect(await screen.findByRole('heading', { name: '无权访问' })).toBeVisible();
    expect(screen.getByText(/该页面仅限平台管理员使用/)).toBeVisible();
    expect(screen.queryByRole('link', { name: '管理后台' })).toBeNull();
  });

  it('sends a teacher from / to /course as before', async () => {
    storeUser(await loginAs('teacher1'));
    const { router } = renderApp({ path: '/' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/course'));
  });
});
