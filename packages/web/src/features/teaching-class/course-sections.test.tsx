import { DEMO_SCHOOL } from '@dfrm/server/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { loginAs, setupApiServer, storeUser } from '@/test/api-server';
import { createCourseAs, sectionWorkbook, setupNodeFormData } from '@/test/course-helpers';
import { renderApp } from '@/test/render-app';

setupApiServer();
setupNodeFormData();

describe('teaching-class detail', () => {
  it('imports sections from Excel: a bad file lists its rows, a good one fills the list', async () => {
    const course = await createCourseAs('teacher1', '量化投资基础', [...DEMO_SCHOOL.classes]);
    storeUser(await loginAs('teacher1'));
    const { user } = renderApp({ path: `/teaching/teacher/teachingclass/detail/${course.courseId}/all` });
    const panel = await screen.findByRole('region', { name: '课程章节' });
    expect(await within(panel).findByText('还没有章节。下载模板填写后导入。')).toBeVisible();

    const input = within(panel).getByLabelText('章节 Excel 文件');
    await user.upload(
      input,
      await sectionWorkbook([
        [1, ''],
        [2, '资产定价', '', '2026-03-40'],
      ]),
    );
    expect(await within(panel).findByText('导入失败，没有导入任何章节')).toBeVisible();
    const errors = within(panel).getByRole('table', { name: '章节导入错误' });
    // rows are drawn just after the table (DataTable renders arriving rows in a transition)
    await waitFor(() => {
      const rowNumbers = within(errors)
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.firstChild?.textContent);
      expect(new Set(rowNumbers)).toEqual(new Set(['2', '3']));
    });

    await user.upload(
      input,
      await sectionWorkbook([
        [1, '量化投资概论', '', '2026-03-02', '08:00', '09:40', '教学楼 101'],
        [2, '因子模型', '', '', '', '', ''],
      ]),
    );
    expect(await screen.findByText('已导入 2 个章节')).toBeVisible();
    const sections = within(panel).getByRole('table', { name: '章节列表' });
    expect(await within(sections).findByText('量化投资概论')).toBeVisible();
    expect(within(sections).getByText('08:00–09:40')).toBeVisible();
    expect(within(sections).getByText('未安排')).toBeVisible();
    expect(within(panel).queryByText('导入失败，没有导入任何章节')).not.toBeInTheDocument();

    // The class page's header names the course's teaching classes above the tabs.
    const header = screen.getByRole('region', { name: '课程概况' });
    const classes = within(header).getByRole('list', { name: '教学班' });
    expect(
      within(classes)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(DEMO_SCHOOL.classes.map((name) => `${name} · 15人`));
  });
});
