import { describe, expect, it, vi } from 'vitest';
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
    const { result, rerender } = renderHook(({ key }) => useLoad(load, key, () => (key === 'a' ? ['a'] : undefined)), { initialProps: { key: 'a' } });
    expect(load).not.toHaveBeenCalled();
    rerender({ key: 'b' });
    await waitFor(() => expect(result.current.data).toEqual(['b']));
    expect(load).toHaveBeenCalledTimes(1);
  });
});
