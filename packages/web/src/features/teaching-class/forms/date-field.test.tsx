import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { loginAs, setupApiServer, storeUser } from '@/test/api-server';
import { renderApp } from '@/test/render-app';

setupApiServer();

describe('date pickers', () => {
  it('label the calendar in Chinese: "2026年11月", weekdays 一 to 日, months 1月 to 12月', async () => {
    storeUser(await loginAs('teacher1'));
    const { user } = renderApp({ path: '/teaching-manage/teacher/add-class' });
    const form = await screen.findByRole('form', { name: '新建课程' });

    const start = within(form).getByLabelText(/开课日期/);
    await user.type(start, '2026-11-05');
    await user.click(start);

    const header = await screen.findByRole('button', { name: '2026年11月' });
    expect(header).toBeVisible();
    expect(screen.queryByText(/十一月|November/)).not.toBeInTheDocument();
    const calendar = header.closest<HTMLElement>('.mantine-Popover-dropdown');
    expect(calendar).not.toBeNull();
    const weekdays = within(calendar as HTMLElement)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(weekdays).toEqual(['一', '二', '三', '四', '五', '六', '日']);

    // One level up: the months of the year, and the year itself.
    await user.click(header);
    expect(await screen.findByRole('button', { name: '2026年' })).toBeVisible();
    expect(screen.getByRole('button', { name: '11月' })).toBeVisible();
  });
});
