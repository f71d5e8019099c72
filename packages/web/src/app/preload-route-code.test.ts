import { createMemoryHistory } from '@tanstack/react-router';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { createSession } from '@/shared/session/session-store';
import { createAppRouter, preloadRouteCode } from './router';

function makeRouter() {
  const history = createMemoryHistory({ initialEntries: ['/'] });
  return createAppRouter(
    { queryClient: createQueryClient({ onError: () => undefined }), session: createSession() },
    history,
  );
}

describe('preloadRouteCode', () => {
  it('asks for the code of every route matching the address, the page and the layouts above it', () => {
    const router = makeRouter();
    const load = vi.spyOn(router, 'loadRouteChunk').mockReturnValue(Promise.resolve());
    preloadRouteCode(router, '/teaching/teacher/teachingclass');
    const ids = load.mock.calls.map(([route]) => route.id);
    expect(ids).toEqual([
      '__root__',
      '/_main',
      '/_main/teaching/teacher',
      '/_main/teaching/teacher/teachingclass/',
    ]);
  });

  it('leaves a chunk that fails to the router, without an unhandled rejection', async () => {
    const router = makeRouter();
    let asked = 0;
    // A plain function, not vi.fn: a spy handles the promises it returns, which would hide the failure.
    router.loadRouteChunk = () => {
      asked += 1;
      return Promise.reject(new Error('chunk failed'));
    };
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    try {
      preloadRouteCode(router, '/course');
      await new Promise((resolve) => setTimeout(resolve, 10));
      expect(asked).toBeGreaterThan(0);
      expect(unhandled).not.toHaveBeenCalled();
    } finally {
      process.off('unhandledRejection', unhandled);
    }
  });
});
