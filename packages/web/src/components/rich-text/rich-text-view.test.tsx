import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RichTextView } from './rich-text-view';

describe('RichTextView', () => {
  it('shows the notice once the sanitizer has loaded, with nothing active left', async () => {
    render(
      <MantineProvider env="test">
        <RichTextView html={'<p>第<strong>十</strong>周</p><img src="x" onerror="window.hit = 1">'} label="通知正文" />
      </MantineProvider>,
    );
    const body = await screen.findByLabelText('通知正文');
    expect(body).toHaveTextContent('第十周');
    expect(body.querySelector('strong')).toHaveTextContent('十');
    expect(body.querySelector('img')?.getAttribute('onerror')).toBeNull();
  });
});
