import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import {
  invalidateServerData,
  prefetchServerData,
  queryClient,
  useServerData,
  useWatchedServerData,
} from './server-data.ts';

afterEach(() => queryClient.clear());

describe('useServerData (the one query cache)', () => {
  it('mount-read: loading first, then the answer; a new mount reads again and never shows the earlier answer', async () => {
    let n = 0;
    const load = vi.fn(async () => `answer ${++n}`);
    const first = renderHook(() => useServerData(['k'], load));
    expect(first.result.current.status).toBe('loading');
    await waitFor(() => expect(first.result.current).toMatchObject({ status: 'ready', data: 'answer 1' }));
    first.unmount();
    const second = renderHook(() => useServerData(['k'], load));
    expect(second.result.current.status).toBe('loading');
    expect(second.result.current.data).toBeUndefined();
    await waitFor(() => expect(second.result.current).toMatchObject({ status: 'ready', data: 'answer 2' }));
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('keeps an undefined answer (a new entity) and reads a new key', async () => {
    const { result, rerender } = renderHook(
      ({ id }) => useServerData(['entity', id], async () => (id === 'new' ? undefined : { id })),
      { initialProps: { id: 'new' } },
    );
    await waitFor(() => expect(result.current.status).toBe('ready'));
    expect(result.current.data).toBeUndefined();
    rerender({ id: 'a' });
    await waitFor(() => expect(result.current).toMatchObject({ status: 'ready', data: { id: 'a' } }));
  });

  it('a failed read is shown, not retried; reload() reads again', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue('back');
    const { result } = renderHook(() => useServerData(['k'], load as () => Promise<string>));
    await waitFor(() => expect(result.current.status).toBe('failed'));
    expect(load).toHaveBeenCalledTimes(1);
    act(() => result.current.reload());
    await waitFor(() => expect(result.current).toMatchObject({ status: 'ready', data: 'back' }));
  });

  it('shared: an answer asked for ahead is shown at the first render, without a second request', async () => {
    const load = vi.fn(async () => ['page 1']);
    prefetchServerData(['list', 1], load);
    await waitFor(() => expect(queryClient.getQueryState(['list', 1])?.status).toBe('success'));
    const { result } = renderHook(() => useServerData(['list', 1], load, 'shared'));
    expect(result.current).toMatchObject({ status: 'ready', data: ['page 1'] });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('shared: a flip to a page that has arrived shows it in the same render; one under way is taken over', async () => {
    const pages: Record<number, string[]> = { 1: ['a'], 2: ['b'], 3: ['c'] };
    const load = vi.fn(async (page: number) => pages[page]);
    const { result, rerender } = renderHook(({ page }) => useServerData(['list', page], () => load(page), 'shared'), {
      initialProps: { page: 1 },
    });
    await waitFor(() => expect(result.current.status).toBe('ready'));
    prefetchServerData(['list', 2], () => load(2));
    await waitFor(() => expect(queryClient.getQueryState(['list', 2])?.status).toBe('success'));
    rerender({ page: 2 });
    expect(result.current).toMatchObject({ status: 'ready', data: ['b'] });
    prefetchServerData(['list', 3], () => load(3));
    rerender({ page: 3 });
    await waitFor(() => expect(result.current).toMatchObject({ status: 'ready', data: ['c'] }));
    expect(load).toHaveBeenCalledTimes(3);
  });

  it('shared: an invalidated answer is read again before it is shown, a shown one at once', async () => {
    let n = 0;
    const load = vi.fn(async () => ++n);
    prefetchServerData(['labels'], load);
    await waitFor(() => expect(queryClient.getQueryState(['labels'])?.status).toBe('success'));
    invalidateServerData(['labels'], { refetch: false });
    const { result } = renderHook(() => useServerData(['labels'], load, 'shared'));
    expect(result.current.status).toBe('loading');
    expect(result.current.data).toBeUndefined();
    await waitFor(() => expect(result.current).toMatchObject({ status: 'ready', data: 2 }));
    invalidateServerData(['labels']);
    await waitFor(() => expect(result.current).toMatchObject({ status: 'ready', data: 3 }));
  });
});

describe('useWatchedServerData (a job read until it is finished, #28.6)', () => {
  it('starts from the answer it was given, reads again while asked to, goes on after a failed read, stops when told', async () => {
    const answers: (string | Error)[] = ['running 1', new Error('offline'), 'running 2', 'done'];
    const load = vi.fn(async () => {
      const next = answers.shift() ?? 'done';
      if (next instanceof Error) throw next;
      return next;
    });
    const seen: { latest: string | undefined; error: unknown }[] = [];
    const { result } = renderHook(() =>
      useWatchedServerData(['job', 'j1'], load, 'queued', (latest, error) => {
        seen.push({ latest, error });
        return latest === 'done' ? false : 10;
      }),
    );
    expect(result.current).toEqual({ data: 'queued', error: undefined });
    await waitFor(() => expect(result.current.data).toBe('done'));
    expect(result.current.error).toBeUndefined();
    expect(load).toHaveBeenCalledTimes(4);
    // The failed read was told as such, with the answer before it kept.
    expect(seen.some((s) => s.latest === 'running 1' && s.error instanceof Error)).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(load).toHaveBeenCalledTimes(4);
  });

  it('reads nothing without a first answer, nor for one that is final already', async () => {
    const load = vi.fn(async () => 'x');
    renderHook(() => useWatchedServerData(['job', 'none'], load, undefined, () => 10));
    renderHook(() => useWatchedServerData(['job', 'final'], load, 'done', () => false));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(load).not.toHaveBeenCalled();
  });
});
