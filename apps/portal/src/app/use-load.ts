// A small data loader for pages: fetches on mount (and when `key` changes), keeps the
// last data, and tells the page whether to show a skeleton (only after the fetch delay).
import { useCallback, useEffect, useRef, useState } from 'react';
import { fetchDelayMs, toPortalError, type PortalError } from '@portal/core';

/** True once `active` has lasted `delayMs` (skeletons only after the fetch delay, spec §9). */
export function useDelayedFlag(active: boolean, delayMs: number): boolean {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    setShown(false);
    if (!active) return undefined;
    const timer = setTimeout(() => setShown(true), delayMs);
    return () => clearTimeout(timer);
  }, [active, delayMs]);
  return active && shown;
}

export type LoadState<T> =
  | { readonly status: 'loading'; readonly data?: T; readonly showSkeleton: boolean; reload: () => void }
  | { readonly status: 'ready'; readonly data: T; readonly showSkeleton: false; reload: () => void }
  | {
      readonly status: 'failed';
      readonly error: PortalError;
      readonly data?: T;
      readonly showSkeleton: false;
      reload: () => void;
    };

type Inner<T> =
  | { readonly status: 'loading'; readonly data?: T }
  | { readonly status: 'ready'; readonly data: T }
  | { readonly status: 'failed'; readonly error: PortalError; readonly data?: T };

/**
 * `peek` returns data that is already there (e.g. preloaded with the route's code, or the next
 * page of a list asked for ahead): the render with a new `key` (the first one included) shows
 * it at once and its load is skipped, so a flip to a prefetched page is one render, not three;
 * `reload()` loads again.
 */
export function useLoad<T>(load: () => Promise<T>, key: string, peek?: () => T | undefined): LoadState<T> {
  const [state, setState] = useState<Inner<T>>(() => {
    const data = peek?.();
    return data === undefined ? { status: 'loading' } : { status: 'ready', data };
  });
  const [round, setRound] = useState(0);
  const loadRef = useRef(load);
  loadRef.current = load;
  /** The key (and round) whose data came from `peek`: its load is skipped once. */
  const peeked = useRef<{ readonly key: string; readonly round: number } | undefined>(
    state.status === 'ready' ? { key, round } : undefined,
  );
  const [shownKey, setShownKey] = useState(key);
  if (shownKey !== key) {
    // A new key: data that is already there replaces the old data in this very render.
    setShownKey(key);
    const data = peek?.();
    if (data !== undefined) {
      setState({ status: 'ready', data });
      peeked.current = { key, round };
    }
  }
  useEffect(() => {
    const skip = peeked.current?.key === key && peeked.current.round === round;
    peeked.current = undefined;
    if (skip) return undefined;
    let live = true;
    setState((previous) => ({ status: 'loading', ...(previous.data === undefined ? {} : { data: previous.data }) }));
    loadRef.current().then(
      (data) => {
        if (live) setState({ status: 'ready', data });
      },
      (error: unknown) => {
        if (live)
          setState((previous) => ({
            status: 'failed',
            error: toPortalError(error),
            ...(previous.data === undefined ? {} : { data: previous.data }),
          }));
      },
    );
    return () => {
      live = false;
    };
  }, [key, round]);
  const reload = useCallback(() => setRound((r) => r + 1), []);
  const showSkeleton = useDelayedFlag(state.status === 'loading' && state.data === undefined, fetchDelayMs);
  if (state.status === 'loading') return { ...state, showSkeleton, reload };
  return { ...state, showSkeleton: false, reload };
}
