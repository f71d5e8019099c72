import { render, screen } from '@testing-library/react';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LOADING_MOTION_DELAY_MS, startMotionDelayMs } from '@/lib/loading-motion';
import { StartLoader } from './start-loader';

afterEach(() => {
  vi.restoreAllMocks();
});

const spinnerOf = (status: HTMLElement) => status.querySelector('[aria-hidden]') as HTMLElement;

describe('the start loader', () => {
  it('keeps its spinner hidden until the start has taken 0.8 s, on the boot screen’s schedule', () => {
    vi.spyOn(performance, 'now').mockReturnValue(300);
    render(<StartLoader />);
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('正在检查登录状态…');
    const spinner = spinnerOf(status);
    // 0.5 s left of the 0.8 s the boot screen began with
    expect(spinner.style.getPropertyValue('--spinner-delay')).toBe('500ms');
    expect(spinner).not.toHaveAttribute('data-shown');
  });

  it('shows the spinner at once, without fading in again, when the start has already taken longer', () => {
    vi.spyOn(performance, 'now').mockReturnValue(2000);
    render(<StartLoader label="正在加载 dfrm…" />);
    const spinner = spinnerOf(screen.getByRole('status'));
    expect(spinner).toHaveAttribute('data-shown');
    expect(spinner.style.getPropertyValue('--spinner-delay')).toBe('0ms');
  });

  it('waits as long as index.html’s boot spinner does', () => {
    expect(LOADING_MOTION_DELAY_MS).toBe(800);
    expect(startMotionDelayMs(0)).toBe(800);
    expect(startMotionDelayMs(799.6)).toBe(0);
    expect(startMotionDelayMs(5000)).toBe(0);
    const html = readFileSync(path.resolve(__dirname, '../../index.html'), 'utf8');
    const boot = /\.boot i \{[\s\S]*?\}/.exec(html)?.[0] ?? '';
    expect(boot).toContain('opacity: 0');
    expect(boot).toMatch(/boot-appear 0\.2s ease-out 0\.8s forwards/);
    expect(boot).toMatch(/boot-spin 0\.8s linear 0\.8s infinite/);
    const styles = readFileSync(path.resolve(__dirname, '../lib/styles.css'), 'utf8');
    expect(styles).toContain('--loading-motion-delay: 800ms');
  });
});
