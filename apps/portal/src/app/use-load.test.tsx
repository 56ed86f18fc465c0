import { describe, expect, it, vi } from 'vitest';
import { useLayoutEffect } from 'react';
import { act, renderHook, waitFor } from '@testing-library/react';
import { useLoad } from './use-load.ts';

describe('useLoad', () => {
  it('loads on mount: loading first, then the data', async () => {
    const load = vi.fn(async () => ['a']);
    const { result } = renderHook(() => useLoad(load, 'k'));
    expect(result.current.status).toBe('loading');
    await waitFor(() => expect(result.current.status).toBe('ready'));
    expect(result.current.data).toEqual(['a']);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('shows data that is already there at the first render and skips the first load', async () => {
    const load = vi.fn(async () => ['fresh']);
    const { result } = renderHook(() => useLoad(load, 'k', () => ['preloaded']));
    expect(result.current.status).toBe('ready');
    expect(result.current.data).toEqual(['preloaded']);
    expect(load).not.toHaveBeenCalled();
    act(() => result.current.reload());
    await waitFor(() => expect(result.current.data).toEqual(['fresh']));
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('loads when the peek has nothing yet', async () => {
    const load = vi.fn(async () => ['a']);
    const { result } = renderHook(() => useLoad(load, 'k', () => undefined));
    expect(result.current.status).toBe('loading');
    await waitFor(() => expect(result.current.status).toBe('ready'));
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('loads again for a new key even after a peek', async () => {
    const load = vi.fn(async () => ['b']);
    const { result, rerender } = renderHook(({ key }) => useLoad(load, key, () => (key === 'a' ? ['a'] : undefined)), {
      initialProps: { key: 'a' },
    });
    expect(load).not.toHaveBeenCalled();
    rerender({ key: 'b' });
    await waitFor(() => expect(result.current.data).toEqual(['b']));
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('a new key whose data is already there: shown in the same render, its load skipped (a prefetched page)', () => {
    const load = vi.fn(async () => ['fetched']);
    const ahead: Record<string, readonly string[]> = { p2: ['page 2'] };
    const seen: string[] = [];
    const { result, rerender } = renderHook(
      ({ key }) => {
        const state = useLoad(load, key, () => ahead[key]);
        const shown = `${key}:${state.status}:${state.data?.join() ?? ''}`;
        useLayoutEffect(() => {
          seen.push(shown);
        });
        return state;
      },
      { initialProps: { key: 'p1' } },
    );
    expect(result.current.status).toBe('loading');
    seen.length = 0;
    rerender({ key: 'p2' });
    expect(result.current).toMatchObject({ status: 'ready', data: ['page 2'] });
    // No commit of the new key with the old page or a loading state.
    expect(seen).toEqual(['p2:ready:page 2']);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('after a reload, a later prefetched key is still taken without a load', async () => {
    const load = vi.fn(async () => ['fetched']);
    const { result, rerender } = renderHook(
      ({ key }) => useLoad(load, key, () => (key === 'p2' ? ['page 2'] : undefined)),
      { initialProps: { key: 'p1' } },
    );
    await waitFor(() => expect(result.current.status).toBe('ready'));
    act(() => result.current.reload());
    await waitFor(() => expect(load).toHaveBeenCalledTimes(2));
    rerender({ key: 'p2' });
    expect(result.current.data).toEqual(['page 2']);
    await act(async () => {
      await Promise.resolve();
    });
    expect(load).toHaveBeenCalledTimes(2);
  });
});
