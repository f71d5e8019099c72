import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/test/render-app';
import { safeRedirect } from '@/shared/session/entry-paths';

describe('route guard', () => {
  it('sends a visitor without a stored user to /account, remembering the target', async () => {
    const { router } = renderApp({ path: '/course' });
    expect(await screen.findByRole('heading', { name: '欢迎登录' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/account');
    expect(router.state.location.search).toEqual({ redirect: '/course' });
  });

  it('guards the root and unknown paths too', async () => {
    const { router } = renderApp({ path: '/teaching-manage/teacher/teaching-class' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/account'));
    expect(router.state.location.search).toEqual({ redirect: '/teaching-manage/teacher/teaching-class' });
  });
});

describe('safeRedirect', () => {
  it('keeps paths of this app only', () => {
    expect(safeRedirect('/course?tab=1')).toBe('/course?tab=1');
    expect(safeRedirect('//evil.example/x')).toBeUndefined();
    expect(safeRedirect('https://evil.example')).toBeUndefined();
    expect(safeRedirect('/\\evil.example')).toBeUndefined();
    expect(safeRedirect('/account?redirect=/course')).toBeUndefined();
    expect(safeRedirect(undefined)).toBeUndefined();
  });
});
