import { DEMO_SCHOOL } from '@dfrm/server/testing';
import { screen, waitFor, within } from '@testing-library/react';
import ExcelJS from 'exceljs';
import { beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { loginAs, setupApiServer, storeUser } from '@/test/api-server';
import { createCourseAs, studentWorkbook, setupNodeFormData } from '@/test/course-helpers';
import { renderApp } from '@/test/render-app';

setupApiServer();
setupNodeFormData();

const [CLASS_1, CLASS_2] = DEMO_SCHOOL.classes;

/** The names in the body rows, top to bottom. */
function names(table: HTMLElement): string[] {
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[1]?.textContent ?? '');
}

async function openPage() {
  storeUser(await loginAs('teacher1'));
  const view = renderApp({ path: '/teaching-manage/teacher/student/manage' });
  const table = await screen.findByRole('table', { name: '学生列表' });
  await within(table).findByText('陈思远');
  // a page of rows is drawn in batches; the table is busy until all are there
  await waitFor(() => expect(table).not.toHaveAttribute('aria-busy'));
  return { ...view, table };
}

describe('student management', () => {
  beforeEach(async () => {
    // teacher1's students are those of the classes their courses come from.
    await createCourseAs('teacher1', '量化投资基础', [CLASS_1, CLASS_2]);
  });

  it('lists the students, filters them by class and search, and sorts on the server', async () => {
    const { user, table } = await openPage();
    expect(names(table)).toHaveLength(30);
    expect(screen.getByText('共 30 条')).toBeVisible();
    expect(names(table)[0]).toBe('陈思远');

    await user.click(screen.getByRole('combobox', { name: '行政班' }));
    await user.click(await screen.findByRole('option', { name: CLASS_2 }));
    await waitFor(() => expect(names(table)).toHaveLength(15));
    expect(names(table)[0]).toBe('许晨曦');
    expect(screen.getByText('共 15 条')).toBeVisible();

    await user.type(screen.getByRole('textbox', { name: '搜索学生' }), '韩雨萱');
    await waitFor(() => expect(names(table)).toEqual(['韩雨萱']));

    await user.click(screen.getByRole('button', { name: '清除筛选' }));
    await waitFor(() => expect(names(table)).toHaveLength(30));
    await user.click(within(table).getByRole('button', { name: '学号' }));
    await user.click(within(table).getByRole('button', { name: '学号' }));
    expect(within(table).getByRole('columnheader', { name: '学号' })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    await waitFor(() => expect(names(table)[0]).toBe('贾书瑶'));
  });

  it('changes a student to 停用 after confirmation and shows it in the table', async () => {
    const { user, table } = await openPage();
    const row = within(table).getByText('陈思远').closest('tr')!;
    expect(within(row).getByText('在读')).toBeVisible();

    await user.click(within(row).getByRole('button', { name: '操作 陈思远' }));
    await user.click(await screen.findByRole('menuitem', { name: '设为停用' }));
    const dialog = await screen.findByRole('dialog', { name: '设为停用' });
    expect(within(dialog).getByText(/账号不能登录/)).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: '设为停用' }));

    expect(await screen.findByText('已将「陈思远」设为停用')).toBeVisible();
    await waitFor(() =>
      expect(within(within(table).getByText('陈思远').closest('tr')!).getByText('停用')).toBeVisible(),
    );
  });

  it('lists the rows of a bad import and imports nothing', async () => {
    const { user, table } = await openPage();
    await user.click(screen.getByRole('button', { name: '导入学生' }));
    const dialog = await screen.findByRole('dialog', { name: '导入学生' });
    await user.click(within(dialog).getByRole('combobox', { name: /导入到行政班/ }));
    await user.click(await within(dialog).findByRole('option', { name: new RegExp(CLASS_1) }));
    const file = await studentWorkbook([
      ['', '无学号', '男', '', '', ''],
      ['20269001', '性别不对', '未知', '', '', ''],
      ['20269002', '手机不对', '女', '', '12345', ''],
    ]);
    await user.upload(within(dialog).getByLabelText('学生 Excel 文件', { selector: 'input' }), file);
    await user.click(within(dialog).getByRole('button', { name: '开始导入' }));

    expect(await within(dialog).findByText('导入失败，没有导入任何学生')).toBeVisible();
    const errors = within(dialog).getByRole('table', { name: '导入错误' });
    const header = within(errors)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(header).toEqual(['行号', '学号', '原因']);
    // rows are drawn just after the table (DataTable renders arriving rows in a transition)
    await waitFor(() => expect(within(errors).getAllByRole('row')).toHaveLength(4));
    const rows = within(errors).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[0]!.textContent)).toEqual(['2', '3', '4']);
    expect(within(rows[1]!).getByText('20269001')).toBeVisible();
    expect(within(rows[0]!).getByText(/学号/)).toBeVisible();

    await user.click(within(dialog).getByRole('button', { name: '取消' }));
    expect(names(table)).toHaveLength(30);
    expect(screen.getByText('共 30 条')).toBeVisible();
  });

  it('imports a good file and the new students appear', async () => {
    const { user, table } = await openPage();
    await user.click(screen.getByRole('button', { name: '导入学生' }));
    const dialog = await screen.findByRole('dialog', { name: '导入学生' });
    await user.click(within(dialog).getByRole('combobox', { name: /导入到行政班/ }));
    await user.click(await within(dialog).findByRole('option', { name: new RegExp(CLASS_1) }));
    const file = await studentWorkbook([
      ['20269001', '新同学甲', '男', '', '13900009001', ''],
      ['20269002', '新同学乙', '女', '', '', 'yi@example.com'],
    ]);
    await user.upload(within(dialog).getByLabelText('学生 Excel 文件', { selector: 'input' }), file);
    await user.click(within(dialog).getByRole('button', { name: '开始导入' }));

    expect(await screen.findByText(new RegExp(`已向${CLASS_1}导入 2 名学生`))).toBeVisible();
    expect(screen.queryByRole('dialog', { name: '导入学生' })).not.toBeInTheDocument();
    expect(await within(table).findByText('新同学甲')).toBeVisible();
    expect(within(table).getByText('新同学乙')).toBeVisible();
    expect(screen.getByText('共 32 条')).toBeVisible();
  });
});

describe('student export', () => {
  it('saves the filtered list as an .xlsx with Chinese headers', async () => {
    await createCourseAs('teacher1', '量化投资基础', [CLASS_1, CLASS_2]);
    const saved: Blob[] = [];
    const createObjectURL = vi.fn((blob: Blob) => {
      saved.push(blob);
      return 'blob:export';
    });
    // jsdom has no object URLs; capture the file the page hands to the browser.
    const original = { createObjectURL: URL.createObjectURL, revokeObjectURL: URL.revokeObjectURL };
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    onTestFinished(() => {
      Object.assign(URL, original);
    });
    const { user, table } = await openPage();
    await user.click(screen.getByRole('combobox', { name: '行政班' }));
    await user.click(await screen.findByRole('option', { name: CLASS_2 }));
    await waitFor(() => expect(names(table)).toHaveLength(15));

    await user.click(screen.getByRole('button', { name: '导出' }));
    expect(await screen.findByText(/已导出 15 名学生（学生名单-\d{8}\.xlsx）/)).toBeVisible();
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await saved[0]!.arrayBuffer());
    const sheet = workbook.getWorksheet('学生名单')!;
    expect(sheet.getRow(1).values).toEqual([
      undefined,
      '学号',
      '姓名',
      '性别',
      '账号',
      '学院',
      '专业',
      '年级',
      '行政班',
      '状态',
      '手机号',
      '邮箱',
      '加入时间',
      '最近登录',
    ]);
    expect(sheet.rowCount).toBe(16);
    expect(sheet.getCell('B2').value).toBe('许晨曦');
    expect(sheet.getCell('H2').value).toBe(CLASS_2);
    expect(sheet.getCell('I2').value).toBe('在读');
  });
});

describe('student management by role', () => {
  it('gives a school manager the whole school: every class to filter by, adding and importing', async () => {
    storeUser(await loginAs('manager'));
    const { user } = renderApp({ path: '/teaching-manage/teacher/student/manage' });
    const table = await screen.findByRole('table', { name: '学生列表' });
    await waitFor(() => expect(names(table)).toHaveLength(30));
    expect(screen.getByText('全校学生。')).toBeVisible();
    await waitFor(() => expect(screen.getByRole('button', { name: '新增学生' })).toBeEnabled());
    expect(screen.getByRole('button', { name: '导入学生' })).toBeEnabled();
    expect(screen.queryByText(/无法读取行政班列表/)).toBeNull();

    await user.click(screen.getByRole('combobox', { name: '行政班' }));
    expect(await screen.findByRole('option', { name: CLASS_1 })).toBeVisible();
    expect(screen.getByRole('option', { name: CLASS_2 })).toBeVisible();
  });

  it('offers a teacher only the classes they teach', async () => {
    await createCourseAs('teacher2', '金融衍生品', [CLASS_2]);
    storeUser(await loginAs('teacher2'));
    const { user } = renderApp({ path: '/teaching-manage/teacher/student/manage' });
    const table = await screen.findByRole('table', { name: '学生列表' });
    await waitFor(() => expect(names(table)).toHaveLength(15));
    await waitFor(() => expect(screen.getByRole('button', { name: '新增学生' })).toBeEnabled());

    await user.click(screen.getByRole('combobox', { name: '行政班' }));
    expect(await screen.findByRole('option', { name: CLASS_2 })).toBeVisible();
    expect(screen.queryByRole('option', { name: CLASS_1 })).toBeNull();
  });
});
