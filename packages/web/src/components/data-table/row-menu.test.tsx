import { MantineProvider, Menu } from '@mantine/core';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { theme } from '@/lib/theme';
import { RowMenu } from './row-menu';

function renderMenu(onEdit = vi.fn(), onDelete = vi.fn()) {
  const items = vi.fn(() => (
    <>
      <Menu.Item onClick={onEdit}>编辑</Menu.Item>
      <Menu.Item onClick={onDelete}>删除</Menu.Item>
    </>
  ));
  render(
    <MantineProvider theme={theme} env="test">
      <button type="button">之前</button>
      <RowMenu label="操作 张三" items={items} />
    </MantineProvider>,
  );
  return { items, onEdit, onDelete };
}

describe('RowMenu', () => {
  it('is a plain button until first used, then opens the menu and acts on a click', async () => {
    const user = userEvent.setup();
    const { items, onDelete } = renderMenu();
    const trigger = screen.getByRole('button', { name: '操作 张三' });
    expect(trigger).toHaveAttribute('aria-haspopup', 'menu');
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    // Nothing of the menu exists yet: not even its items are built.
    expect(items).not.toHaveBeenCalled();
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();

    await user.click(trigger);
    expect(await screen.findByRole('menu')).toBeVisible();
    expect(screen.getByRole('button', { name: '操作 张三' })).toHaveAttribute('aria-expanded', 'true');
    await user.click(screen.getByRole('menuitem', { name: '删除' }));
    expect(onDelete).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());

    // Once mounted it is an ordinary Mantine Menu: it opens again.
    await user.click(screen.getByRole('button', { name: '操作 张三' }));
    expect(await screen.findByRole('menuitem', { name: '编辑' })).toBeVisible();
  });

  it('works from the keyboard: Enter opens it, arrows move, Escape closes it and focus returns', async () => {
    const user = userEvent.setup();
    const { onEdit } = renderMenu();
    await user.tab();
    await user.tab();
    expect(screen.getByRole('button', { name: '操作 张三' })).toHaveFocus();

    await user.keyboard('{Enter}');
    expect(await screen.findByRole('menu')).toBeVisible();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
    // Focus is back on the trigger (the one now inside the Menu), not lost to the page.
    await waitFor(() => expect(screen.getByRole('button', { name: '操作 张三' })).toHaveFocus());

    await user.keyboard('{Enter}');
    await screen.findByRole('menu');
    await user.keyboard('{ArrowDown}');
    await waitFor(() => expect(screen.getByRole('menuitem', { name: '编辑' })).toHaveFocus());
    await user.keyboard('{Enter}');
    expect(onEdit).toHaveBeenCalledTimes(1);
  });
});
