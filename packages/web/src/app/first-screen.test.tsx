import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { holdApi, loginAs, setupApiServer, storeUser } from '@/test/api-server';
import { renderApp } from '@/test/render-app';
import { FIRST_SCREEN_WAIT_MS } from './first-screen';

setupApiServer();

afterEach(() => {
  vi.useRealTimers();
});

/** Holds the teacher home's 最近课程 answer (its route loader waits for it) until released. */
const holdRecentCourses = () => holdApi('get', '/api/tms-server/teacherPage/get/recent/course/:count');

describe('the first screen', () => {
  it('keeps the start screen until the page has its data, then shows it', async () => {
    storeUser(await loginAs('teacher1'));
    const release = holdRecentCourses();
    renderApp({ path: '/course' });
    // the login check and school lookup finish; the page's loader still waits for 最近课程
    expect(await screen.findByText('正在加载 dfrm…')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('正在加载 dfrm…');
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: /欢迎回来/ })).not.toBeInTheDocument();

    release();
    expect(await screen.findByRole('region', { name: '最近课程' })).toBeVisible();
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it(`shows the page with its own loading state after ${FIRST_SCREEN_WAIT_MS} ms of waiting`, async () => {
    storeUser(await loginAs('teacher1'));
    const release = holdRecentCourses();
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout'] });
    renderApp({ path: '/course' });
    expect(await screen.findByText('正在加载 dfrm…')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(FIRST_SCREEN_WAIT_MS));
    // the shell shows; the start screen is gone though the data is still on its way
    expect(await screen.findByRole('banner')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('正在加载 dfrm…')).not.toBeInTheDocument());
    release();
    expect(await screen.findByRole('region', { name: '最近课程' })).toBeVisible();
  });
});
