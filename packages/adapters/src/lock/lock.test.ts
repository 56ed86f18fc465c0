import { describe, expect, it } from 'vitest';
import type { LockManagerLike } from './web-lock.ts';
import { createLocalLock, createWebLock } from './web-lock.ts';
import { createRefreshCoordinator } from './refresh.ts';
import { createMemoryCookieJar } from '../cookies/jar.ts';
import { createCookieSessionStore } from '../cookies/session-store.ts';

/** A fake of navigator.locks shared by "tabs": exclusive per name, FIFO. */
function fakeLockManager(): LockManagerLike & { requests: string[] } {
  const local = createLocalLock();
  const requests: string[] = [];
  return {
    requests,
    request: (name, _options, callback) => {
      requests.push(name);
      return local.run(name, callback);
    },
  };
}

describe('locks', () => {
  it('the local lock runs tasks of one name one after the other, and survives failures', async () => {
    const lock = createLocalLock();
    const order: string[] = [];
    let release: () => void = () => undefined;
    const first = lock.run('a', () => new Promise<void>((resolve) => {
      order.push('first start');
      release = () => { order.push('first end'); resolve(); };
    }));
    const failing = lock.run('a', async () => { order.push('failing'); throw new Error('x'); });
    const second = lock.run('a', async () => { order.push('second'); return 2; });
    const other = lock.run('b', async () => { order.push('other'); });
    await other;
    expect(order).toEqual(['first start', 'other']);
    release();
    await first;
    await expect(failing).rejects.toThrow('x');
    expect(await second).toBe(2);
    expect(order).toEqual(['first start', 'other', 'first end', 'failing', 'second']);
  });

  it('Web Locks are used when given; without them a page-local lock', async () => {
    const manager = fakeLockManager();
    expect(await createWebLock(manager).run('n', async () => 5)).toBe(5);
    expect(manager.requests).toEqual(['n']);
    expect(await createWebLock(undefined).run('n', async () => 6)).toBe(6);
  });
});

describe('refresh coordinator', () => {
  const session = (token: string) => ({ accessToken: token, accessTokenIsIdToken: false, idToken: 'id', refreshToken: `rt-${token}`, expiresAt: 1 });

  it('one refresh for many callers in a tab', async () => {
    const store = createCookieSessionStore(createMemoryCookieJar());
    await store.write(session('old'));
    let grants = 0;
    const refresh = createRefreshCoordinator({
      lock: createWebLock(fakeLockManager()),
      readAccessToken: async () => (await store.read())?.accessToken,
      refreshTokens: async () => {
        grants += 1;
        await store.write(session(`new-${grants}`));
        return true;
      },
    });
    expect(await Promise.all(Array.from({ length: 10 }, () => refresh()))).toEqual(Array(10).fill(true));
    expect(grants).toBe(1);
    await refresh();
    expect(grants).toBe(2);
  });

  it('two tabs (shared cookies and Web Locks): the second tab uses the first tab\'s tokens, one grant', async () => {
    const jar = createMemoryCookieJar();
    const locks = fakeLockManager();
    let grants = 0;
    const tab = () => {
      const store = createCookieSessionStore(jar);
      return createRefreshCoordinator({
        lock: createWebLock(locks),
        readAccessToken: async () => (await store.read())?.accessToken,
        refreshTokens: async () => {
          grants += 1;
          await store.write(session(`new-${grants}`));
          return true;
        },
      });
    };
    await createCookieSessionStore(jar).write(session('old'));
    const [a, b] = [tab(), tab()];
    expect(await Promise.all([a(), b(), a(), b()])).toEqual([true, true, true, true]);
    expect(grants).toBe(1);
    expect(locks.requests).toHaveLength(2);
  });

  it('a failed refresh is reported, and the next call tries again', async () => {
    let grants = 0;
    const refresh = createRefreshCoordinator({
      lock: createLocalLock(),
      readAccessToken: async () => 'same',
      refreshTokens: async () => {
        grants += 1;
        if (grants === 1) throw new Error('invalid_grant');
        return true;
      },
    });
    await expect(refresh()).rejects.toThrow('invalid_grant');
    expect(await refresh()).toBe(true);
  });
});

describe('types', () => {
  it('the browser\'s LockManager fits LockManagerLike', () => {
    const adapt = (manager: LockManager): LockManagerLike => manager;
    expect(typeof adapt).toBe('function');
  });
});
