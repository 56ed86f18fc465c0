import { describe, expect, it } from 'vitest';
import { createModuleLoader } from './module-loader.ts';

describe('createModuleLoader', () => {
  it('loads once, remembers the module, and loads again after a failure', async () => {
    let calls = 0;
    const loader = createModuleLoader(async () => {
      calls += 1;
      if (calls === 1) throw new Error('chunk failed');
      return { name: 'menu' };
    });
    expect(loader.loaded()).toBeUndefined();
    await expect(loader.load()).rejects.toThrow('chunk failed');
    expect(loader.loaded()).toBeUndefined();
    const [a, b] = await Promise.all([loader.load(), loader.load()]);
    expect(a).toBe(b);
    expect(loader.loaded()).toEqual({ name: 'menu' });
    await loader.load();
    expect(calls).toBe(2);
  });

  it("marks its promise fulfilled once loaded, so React's use() reads it without suspending", async () => {
    const loader = createModuleLoader(async () => ({ name: 'page' }));
    const promise: Promise<unknown> & { status?: string; value?: unknown } = loader.load();
    expect(promise.status).toBeUndefined();
    await promise;
    expect(loader.load()).toBe(promise);
    expect(promise).toMatchObject({ status: 'fulfilled', value: { name: 'page' } });
  });
});
