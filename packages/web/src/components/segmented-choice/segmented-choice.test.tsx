import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { theme } from '@/lib/theme';
import { SegmentedChoice } from './segmented-choice';

const DATA = [
  { value: 'all', label: '全部' },
  { value: 'unread', label: '未读' },
  { value: 'read', label: '已读' },
] as const;
type Filter = (typeof DATA)[number]['value'];

function Harness({ onChange, disabled }: { onChange: (value: Filter) => void; disabled?: boolean }) {
  const [value, setValue] = useState<Filter>('all');
  return (
    <MantineProvider theme={theme} env="test">
      <SegmentedChoice
        label="按阅读状态筛选"
        data={DATA}
        value={value}
        disabled={disabled}
        onChange={(next) => {
          onChange(next);
          setValue(next);
        }}
      />
    </MantineProvider>
  );
}

describe('SegmentedChoice', () => {
  it('is a named radio group whose chosen segment is checked; a click or the arrow keys choose another', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    const group = screen.getByRole('radiogroup', { name: '按阅读状态筛选' });
    const radios = [...group.querySelectorAll('input')];
    expect(radios.map((radio) => radio.checked)).toEqual([true, false, false]);

    await user.click(screen.getByRole('radio', { name: '未读' }));
    expect(onChange).toHaveBeenLastCalledWith('unread');
    expect(screen.getByRole('radio', { name: '未读' })).toBeChecked();
    expect(screen.getByRole('radio', { name: '全部' })).not.toBeChecked();

    await user.keyboard('{ArrowRight}');
    expect(onChange).toHaveBeenLastCalledWith('read');
    expect(screen.getByRole('radio', { name: '已读' })).toBeChecked();
  });

  it('chooses nothing while disabled', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Harness onChange={onChange} disabled />);
    await user.click(screen.getByRole('radio', { name: '已读' }));
    expect(onChange).not.toHaveBeenCalled();
    expect(screen.getByRole('radio', { name: '全部' })).toBeChecked();
  });
});
