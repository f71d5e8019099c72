import { MantineProvider } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { theme } from '@/lib/theme';
import { openConfirmModal } from '@/shared/overlays';
import { OverlayHosts } from './overlay-hosts';

// Module state (whether the hosts are wanted) lives for the file: the tests run in order.
describe('overlay hosts loaded on demand', () => {
  it('render nothing until something needs them, then show a notification sent before they loaded', async () => {
    render(
      <MantineProvider theme={theme} env="test">
        <OverlayHosts />
      </MantineProvider>,
    );
    expect(document.querySelector('.mantine-Notifications-root')).toBeNull();
    act(() => {
      notifications.show({ message: '加载失败：网络异常' });
    });
    expect(await screen.findByText('加载失败：网络异常', {}, { timeout: 5000 })).toBeInTheDocument();
  });

  it('a confirmation asked for before the modals host is there still opens', async () => {
    openConfirmModal({
      title: '删除课件',
      children: '确定删除吗？',
      labels: { confirm: '删除', cancel: '取消' },
    });
    render(
      <MantineProvider theme={theme} env="test">
        <OverlayHosts />
      </MantineProvider>,
    );
    expect(await screen.findByRole('dialog', { name: '删除课件' }, { timeout: 5000 })).toBeInTheDocument();
  });
});
