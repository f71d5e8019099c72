import { ActionIcon, MantineProvider } from '@mantine/core';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { theme } from '@/lib/theme';
import { Hint } from './hint';

function renderHint({ onFocus = vi.fn(), env = 'test' as 'test' | 'default' } = {}) {
  render(
    <MantineProvider theme={theme} env={env}>
      <button type="button">之前</button>
      <Hint label="删除课程">
        <ActionIcon aria-label="删除「量化投资」" onFocus={onFocus}>
          ×
        </ActionIcon>
      </Hint>
    </MantineProvider>,
  );
  return { onFocus, button: screen.getByRole('button', { name: '删除「量化投资」' }) };
}

describe('Hint', () => {
  it('builds no tooltip (no portal) until the button is first hovered', async () => {
    const user = userEvent.setup();
    // Mantine's own environment, where a tooltip mounts its portal as in the browser (and jsdom's
    // zero-size layout keeps it display: none, hence `hidden`).
    const { button } = renderHint({ env: 'default' });
    expect(document.querySelector('[data-portal]')).toBeNull();
    expect(screen.queryByRole('tooltip', { hidden: true })).not.toBeInTheDocument();
    await user.hover(button);
    expect(await screen.findByRole('tooltip', { hidden: true })).toHaveTextContent('删除课程');
    expect(document.querySelector('[data-portal]')).not.toBeNull();
  });

  it('shows what the button does while hovered and hides it on leaving', async () => {
    const user = userEvent.setup();
    const { button } = renderHint();
    await user.hover(button);
    expect(await screen.findByRole('tooltip', { name: '删除课程' })).toBeVisible();
    await user.unhover(button);
    await waitFor(() => expect(screen.queryByRole('tooltip')).not.toBeInTheDocument());

    await user.hover(button);
    expect(await screen.findByRole('tooltip', { name: '删除课程' })).toBeVisible();
  });

  it('shows on keyboard focus, hides on Esc and on leaving, and keeps the button’s own handlers', async () => {
    const user = userEvent.setup();
    const onFocus = vi.fn();
    const { button } = renderHint({ onFocus });
    await user.tab();
    await user.tab();
    expect(button).toHaveFocus();
    expect(onFocus).toHaveBeenCalledTimes(1);
    expect(await screen.findByRole('tooltip', { name: '删除课程' })).toBeVisible();

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('tooltip')).not.toBeInTheDocument());
    expect(button).toHaveFocus();

    await user.tab({ shift: true });
    await user.tab();
    expect(await screen.findByRole('tooltip', { name: '删除课程' })).toBeVisible();
    await user.tab({ shift: true });
    await waitFor(() => expect(screen.queryByRole('tooltip')).not.toBeInTheDocument());
  });

  it('shows nothing for a finger on a touch screen', async () => {
    const user = userEvent.setup();
    const { button } = renderHint();
    await user.pointer({ keys: '[TouchA]', target: button });
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
  });
});
