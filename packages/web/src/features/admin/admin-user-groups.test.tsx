import { File as NodeFile } from 'node:buffer';
import { DEMO_SCHOOL } from '@dfrm/server/testing';
import { screen, waitFor, within } from '@testing-library/react';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { holdApi, loginAs, setupApiServer, storeUser } from '@/test/api-server';
import { setupNodeFormData } from '@/test/course-helpers';
import { renderApp } from '@/test/render-app';

setupApiServer();
setupNodeFormData();

function firstCells(table: HTMLElement): string[] {
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]?.textContent ?? '');
}

async function memberWorkbook(rows: readonly (readonly string[])[]): Promise<File> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Sheet1');
  sheet.addRow(['账号', '姓名', '组内角色']);
  for (const row of rows) sheet.addRow([...row]);
  const buffer = await workbook.xlsx.writeBuffer();
  return new NodeFile([new Uint8Array(buffer as ArrayBuffer)], '成员.xlsx', {
    type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  }) as unknown as File;
}

describe('user groups in the admin area', () => {
  it('opens a group with its name and first members together: the route waits for both', async () => {
    const release = holdApi('post', '/api/usergroupinfo/v1/info');
    storeUser(await loginAs('admin'));
    const { user } = renderApp({ path: '/admin/user-groups' });
    const groups = await screen.findByRole('table', { name: '用户组列表' });
    await user.click(
      await within(groups).findByRole('link', { name: `管理 ${DEMO_SCHOOL.userGroup} 的成员` }),
    );
    // While the group's name is on its way the list stays; the members page is not drawn half-empty.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.queryByLabelText('正在加载用户组')).not.toBeInTheDocument();
    expect(screen.queryByRole('table', { name: '成员列表' })).not.toBeInTheDocument();

    release();
    expect(await screen.findByRole('heading', { name: `${DEMO_SCHOOL.userGroup} · 成员` })).toBeVisible();
    expect(
      within(screen.getByRole('table', { name: '成员列表' })).getAllByRole('row').length,
    ).toBeGreaterThan(1);
    expect(screen.queryByLabelText('正在加载用户组')).not.toBeInTheDocument();
  });

  it('creates, renames and deletes a group after confirmation', async () => {
    storeUser(await loginAs('admin'));
    const { user } = renderApp({ path: '/admin/user-groups' });
    const table = await screen.findByRole('table', { name: '用户组列表' });
    await within(table).findByText(DEMO_SCHOOL.userGroup);

    await user.click(screen.getByRole('button', { name: '新建用户组' }));
    const dialog = await screen.findByRole('dialog', { name: '新建用户组' });
    await user.click(within(dialog).getByRole('combobox', { name: /所属学校/ }));
    await user.click(await screen.findByRole('option', { name: DEMO_SCHOOL.name }));
    await user.type(within(dialog).getByRole('textbox', { name: /用户组名称/ }), '量化研究组');
    await user.click(within(dialog).getByRole('button', { name: '新建' }));
    expect(await screen.findByText('已新建用户组「量化研究组」')).toBeVisible();
    await within(table).findByText('量化研究组');

    await user.click(within(table).getByRole('button', { name: '修改 量化研究组' }));
    const edit = await screen.findByRole('dialog', { name: '修改用户组' });
    const name = within(edit).getByRole('textbox', { name: /用户组名称/ });
    await user.clear(name);
    await user.type(name, '量化研究一组');
    await user.click(within(edit).getByRole('button', { name: '保存' }));
    await within(table).findByText('量化研究一组');

    await user.click(within(table).getByRole('button', { name: '删除 量化研究一组' }));
    const confirm = await screen.findByRole('dialog', { name: '删除用户组' });
    await user.click(within(confirm).getByRole('button', { name: '删除' }));
    expect(await screen.findByText('已删除用户组「量化研究一组」')).toBeVisible();
    await waitFor(() => expect(within(table).queryByText('量化研究一组')).toBeNull());
  });

  it('adds a member by search, removes them, and binds by Excel listing the bad rows', async () => {
    storeUser(await loginAs('admin'));
    const { user } = renderApp({ path: '/admin/user-groups' });
    const groups = await screen.findByRole('table', { name: '用户组列表' });
    await within(groups).findByText(DEMO_SCHOOL.userGroup);
    await user.click(within(groups).getByRole('link', { name: `管理 ${DEMO_SCHOOL.userGroup} 的成员` }));
    expect(await screen.findByRole('heading', { name: `${DEMO_SCHOOL.userGroup} · 成员` })).toBeVisible();
    const table = await screen.findByRole('table', { name: '成员列表' });
    await user.type(screen.getByRole('textbox', { name: '搜索成员' }), 'manager');
    await waitFor(() => expect(within(table).queryByRole('cell', { name: 'manager' })).toBeNull());
    await user.clear(screen.getByRole('textbox', { name: '搜索成员' }));

    await user.click(screen.getByRole('button', { name: '添加成员' }));
    const dialog = await screen.findByRole('dialog', { name: '添加成员' });
    await user.type(within(dialog).getByRole('textbox', { name: '搜索要添加的用户' }), 'manager');
    await user.click(await within(dialog).findByRole('button', { name: '添加 manager' }));
    expect(await screen.findByText('已将「钱淑芬」加入用户组')).toBeVisible();
    await waitFor(() => expect(within(dialog).queryByRole('button', { name: '添加 manager' })).toBeNull());
    await user.click(within(dialog).getByRole('button', { name: '关闭' }));

    await user.type(screen.getByRole('textbox', { name: '搜索成员' }), 'manager');
    await waitFor(() => expect(firstCells(table)).toEqual(['manager']));
    await user.click(within(table).getByRole('button', { name: '移出 manager' }));
    const confirm = await screen.findByRole('dialog', { name: '移出成员' });
    await user.click(within(confirm).getByRole('button', { name: '移出' }));
    expect(await screen.findByText('已将「钱淑芬」移出用户组')).toBeVisible();
    await waitFor(() => expect(within(table).queryByRole('cell', { name: 'manager' })).toBeNull());

    await user.click(screen.getByRole('button', { name: '按 Excel 绑定' }));
    const fileDialog = await screen.findByRole('dialog', { name: '按 Excel 绑定成员' });
    expect(within(fileDialog).getByRole('button', { name: '下载导入模板' })).toBeVisible();
    const file = await memberWorkbook([
      ['manager', '钱淑芬', '1'],
      ['nobody-here', '', ''],
    ]);
    const input = fileDialog.querySelector<HTMLInputElement>('input[type="file"]')!;
    await user.upload(input, file);
    await user.click(within(fileDialog).getByRole('button', { name: '开始绑定' }));
    expect(
      await within(fileDialog).findByText('共 2 行：新加入 1 人，修改角色 0 人，失败 1 行'),
    ).toBeVisible();
    const failed = within(fileDialog).getByRole('table', { name: '绑定失败的行' });
    expect(within(failed).getByText('nobody-here')).toBeVisible();
    await user.click(within(fileDialog).getByRole('button', { name: '完成' }));
    await waitFor(() => expect(firstCells(table)).toEqual(['manager']));
    expect(within(table).getByText('组管理员')).toBeVisible();
  });
});
