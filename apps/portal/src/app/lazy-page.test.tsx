import { Suspense } from 'react';
import { render } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { connectionIsSlow, lazyPage, prefetchWhenIdle, setChunkErrorHandler } from './lazy-page.tsx';

describe('prefetch', () => {
  it('is skipped with data saver or on 2G', () => {
    expect(connectionIsSlow({ connection: { saveData: true } })).toBe(true);
    expect(connectionIsSlow({ connection: { effectiveType: '2g' } })).toBe(true);
    expect(connectionIsSlow({ connection: { effectiveType: 'slow-2g' } })).toBe(true);
    expect(connectionIsSlow({ connection: { effectiveType: '4g' } })).toBe(false);
    expect(connectionIsSlow({})).toBe(false);
    expect(connectionIsSlow(undefined)).toBe(false);
  });

  it('preloads pages when idle, once each', async () => {
    const load = vi.fn(async () => ({ default: () => null }));
    const page = lazyPage(load);
    let idle: (() => void) | undefined;
    expect(
      prefetchWhenIdle([page, page], {
        navigator: {},
        requestIdleCallback: (cb) => {
          idle = cb;
        },
        setTimeout: () => 0,
      }),
    ).toBe(true);
    expect(load).not.toHaveBeenCalled();
    idle?.();
    await page.preload();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('does nothing on a slow connection', () => {
    const load = vi.fn(async () => ({ default: () => null }));
    const timer = vi.fn();
    expect(
      prefetchWhenIdle([lazyPage(load)], { navigator: { connection: { saveData: true } }, setTimeout: timer }),
    ).toBe(false);
    expect(timer).not.toHaveBeenCalled();
  });

  it('hands a failed chunk load to the guard and can try again', async () => {
    const seen: unknown[] = [];
    setChunkErrorHandler((error) => seen.push(error));
    let fail = true;
    const page = lazyPage(async () => {
      if (fail) throw new TypeError('Failed to fetch dynamically imported module: /assets/x.js');
      return { default: () => null };
    });
    await expect(page.preload()).rejects.toThrow('dynamically imported');
    expect(seen).toHaveLength(1);
    fail = false;
    await expect(page.preload()).resolves.toBeDefined();
    setChunkErrorHandler(() => {});
  });
});

describe('a lazy page', () => {
  it('renders without the Suspense fallback once its chunk has loaded (preloaded routes switch at once)', async () => {
    const page = lazyPage(async () => ({ default: () => <p>page content</p> }));
    await page.preload();
    const { Component } = page;
    const view = render(
      <Suspense fallback={<p>fallback</p>}>
        <Component />
      </Suspense>,
    );
    // First synchronous render already shows the page: nothing suspended.
    expect(view.container.textContent).toBe('page content');
    view.unmount();
  });
});
