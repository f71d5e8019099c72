import { MutationObserver, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from './query-client';

describe('createQueryClient', () => {
  it("invalidates what a successful mutation's meta names, before mutateAsync resolves", async () => {
    const errors: unknown[] = [];
    const client = createQueryClient({ onError: (error) => errors.push(error) });
    let reads = 0;
    const courses = { queryKey: ['courseMgr', 'list'], queryFn: async () => (reads += 1) };
    // Observed, as by a mounted page: invalidating it refetches it.
    const unsubscribe = new QueryObserver(client, courses).subscribe(() => {});
    await expect.poll(() => client.getQueryData(courses.queryKey)).toBe(1);
    client.setQueryData(['notice', 'list'], 'untouched');

    const mutation = new MutationObserver(client, {
      mutationFn: async () => 'saved',
      meta: { invalidates: [['courseMgr']] },
    });
    await expect(mutation.mutate()).resolves.toBe('saved');

    // Already read again when the caller continues.
    expect(client.getQueryData(courses.queryKey)).toBe(2);
    expect(client.getQueryState(['notice', 'list'])?.isInvalidated).toBe(false);
    expect(errors).toEqual([]);
    unsubscribe();
  });

  it('invalidates nothing when the mutation fails, and reports the failure once', async () => {
    const errors: unknown[] = [];
    const client = createQueryClient({ onError: (error) => errors.push(error) });
    client.setQueryData(['courseMgr', 'list'], 1);
    const failure = new Error('refused');
    const mutation = new MutationObserver(client, {
      mutationFn: async () => {
        throw failure;
      },
      meta: { invalidates: [['courseMgr']] },
    });
    await expect(mutation.mutate()).rejects.toBe(failure);
    expect(client.getQueryState(['courseMgr', 'list'])?.isInvalidated).toBe(false);
    expect(errors).toEqual([failure]);
  });

  it('hands a silent failure to the handler only when reportAlways claims it', async () => {
    const errors: unknown[] = [];
    const redirecting = new Error('请先修改初始密码');
    const client = createQueryClient({
      onError: (error) => errors.push(error),
      reportAlways: (error) => error === redirecting,
    });
    for (const failure of [new Error('shown inline'), redirecting]) {
      const mutation = new MutationObserver(client, {
        mutationFn: async () => {
          throw failure;
        },
        meta: { silentError: true },
      });
      await expect(mutation.mutate()).rejects.toBe(failure);
    }
    await expect(
      client.fetchQuery({
        queryKey: ['course'],
        queryFn: async () => {
          throw redirecting;
        },
        meta: { silentError: true },
      }),
    ).rejects.toBe(redirecting);
    expect(errors).toEqual([redirecting, redirecting]);
  });
});
