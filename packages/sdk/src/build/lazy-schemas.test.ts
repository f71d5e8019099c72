import { describe, expect, it, vi } from 'vitest';

// Count schema construction: every object schema of the user service goes through z.object.
const built = vi.hoisted(() => ({ objects: 0 }));
vi.mock('zod/mini', async (importOriginal) => {
  const zod = await importOriginal<typeof import('zod/mini')>();
  return {
    ...zod,
    object: (...args: Parameters<typeof zod.object>) => {
      built.objects += 1;
      return zod.object(...args);
    },
  };
});

describe('the SDK builds a schema when its call is first made', () => {
  it('importing the operations builds none; the first call builds its own, once; the public entry shares them', async () => {
    const sdk = await import('../gen/user/sdk.gen.js');
    expect(typeof sdk.login).toBe('function');
    expect(built.objects).toBe(0);

    const lazy = await import('../gen/user/zod.lazy.gen.js');
    const body = lazy.zLoginBody();
    const afterFirst = built.objects;
    expect(afterFirst).toBeGreaterThan(0);
    expect(lazy.zLoginBody()).toBe(body);
    expect(built.objects).toBe(afterFirst);

    // @dfrm/sdk/user/zod exports built schemas (the server reads their shapes): the same objects
    const eager = await import('../gen/user/zod.gen.js');
    expect(eager.zLoginBody).toBe(body);
    expect(Object.keys(eager.zChangePasswordBody._zod.def.shape)).toEqual(['oldPassword', 'newPassword']);
  });
});
