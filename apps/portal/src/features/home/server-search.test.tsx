import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { useServerSearch, type ServerSearch } from './server-search.ts';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

const settle = () =>
  act(async () => {
    await Promise.resolve();
  });

describe("the quick launcher's search on the server", () => {
  it('asks once, 200 ms after the last change of the text, and shows the answer to the text still typed', async () => {
    const search = vi.fn<ServerSearch<string>>(async (query) => ({ hits: [`hit of ${query}`], failed: false }));
    const { result, rerender } = renderHook(({ query }) => useServerSearch(search, query), {
      initialProps: { query: 'a' },
    });
    expect(result.current).toEqual({ hits: [], failed: false, searching: true });
    rerender({ query: 'an' });
    act(() => {
      vi.advanceTimersByTime(150);
    });
    rerender({ query: 'ann ' });
    act(() => {
      vi.advanceTimersByTime(199);
    });
    expect(search).not.toHaveBeenCalled();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    await settle();
    expect(search).toHaveBeenCalledTimes(1);
    expect(search).toHaveBeenCalledWith('ann');
    expect(result.current).toEqual({ hits: ['hit of ann'], failed: false, searching: false });
  });

  it('drops an answer that arrives after the text changed', async () => {
    let answer: (value: { hits: string[]; failed: boolean }) => void = () => undefined;
    const search = vi.fn<ServerSearch<string>>(
      () =>
        new Promise((resolve) => {
          answer = resolve;
        }),
    );
    const { result, rerender } = renderHook(({ query }) => useServerSearch(search, query), {
      initialProps: { query: 'ro' },
    });
    act(() => {
      vi.advanceTimersByTime(200);
    });
    rerender({ query: 'rol' });
    answer({ hits: ['old'], failed: false });
    await settle();
    expect(result.current).toEqual({ hits: [], failed: false, searching: true });
  });

  it('a failed search is a failure with nothing found, never an error thrown', async () => {
    const search = vi.fn<ServerSearch<string>>(() => Promise.reject(new Error('network')));
    const { result } = renderHook(() => useServerSearch(search, 'x'));
    act(() => {
      vi.advanceTimersByTime(200);
    });
    await settle();
    expect(result.current).toEqual({ hits: [], failed: true, searching: false });
  });

  it('asks nothing without a search (not an administrator) or for an empty text', () => {
    const search = vi.fn<ServerSearch<string>>();
    expect(renderHook(() => useServerSearch(undefined, 'anna')).result.current).toEqual({
      hits: [],
      failed: false,
      searching: false,
    });
    expect(renderHook(() => useServerSearch(search, '  ')).result.current).toEqual({
      hits: [],
      failed: false,
      searching: false,
    });
    act(() => {
      vi.advanceTimersByTime(500);
    });
    expect(search).not.toHaveBeenCalled();
  });
});
