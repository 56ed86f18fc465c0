// The one query cache for server data (TanStack Query, ADR 0015). Loaded with the console and
// the other lazily loaded pages, never with the first route (its budget has no room for it):
// the launcher's list stays in `features/shared/my-apps.ts`, handed over by the server.
//
// Two kinds of reads:
// - `mount` (the default): read on every mount, as a page always did; the page shows what
//   was read for this mount (never an answer kept from an earlier visit); `reload()` reads again.
// - `shared`: kept until it is invalidated (lists, labels, the administered applications):
//   an answer asked for ahead (the route's first page, the next page of a list) is shown
//   without a second request; one that was invalidated is read again before it is shown.
import { useCallback } from 'react';
import { QueryClient, keepPreviousData, notifyManager, useQuery, type QueryKey } from '@tanstack/react-query';
import { fetchDelayMs, toPortalError } from '@portal/core';
import { useDelayedFlag, type LoadState } from './use-load.ts';

export type { QueryKey };

/** Every answer is boxed: a read may answer `undefined` (a new entity), which the cache does not keep. */
interface Box<T> {
  readonly value: T;
}

// An answer reaches the page in the task it arrived in (the library's default waits for a
// timer): a flip or a first page renders as soon as its answer is there, as before the cache.
notifyManager.setScheduler(queueMicrotask);

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // Fresh until invalidated: a write invalidates what it changed, a mount-read reads anyway.
      staleTime: Number.POSITIVE_INFINITY,
      gcTime: 5 * 60_000,
      // A failed read is shown (with "Erneut versuchen"), not retried behind the user's back.
      retry: false,
      refetchOnWindowFocus: false,
      refetchOnReconnect: false,
    },
  },
});

const boxed =
  <T>(load: () => Promise<T>) =>
  async (): Promise<Box<T>> => ({ value: await load() });

export type ReadMode = 'mount' | 'shared';

/** Server data for a page, as `LoadState` (skeleton only after the fetch delay, spec §9). */
export function useServerData<T>(key: QueryKey, load: () => Promise<T>, mode: ReadMode = 'mount'): LoadState<T> {
  const query = useQuery<Box<T>>(
    {
      queryKey: key,
      queryFn: boxed(load),
      placeholderData: keepPreviousData,
      // A mount-read is out of date at once: a new key is read too, not only a new mount.
      ...(mode === 'mount' ? { staleTime: 0 } : {}),
      refetchOnMount: mode === 'mount' ? 'always' : true,
    },
    queryClient,
  );
  // What this mount may show: read after it mounted, or (shared) kept and still valid.
  const current = query.isFetchedAfterMount || (mode === 'shared' && !query.isStale);
  const data = query.isPlaceholderData || current ? query.data?.value : undefined;
  const { refetch } = query;
  const reload = useCallback(() => {
    void refetch();
  }, [refetch]);
  const loading = query.isFetching || !current;
  const showSkeleton = useDelayedFlag(loading && data === undefined, fetchDelayMs);
  const kept = data === undefined ? {} : { data };
  if (loading) return { status: 'loading', ...kept, showSkeleton, reload };
  if (query.isError)
    return { status: 'failed', error: toPortalError(query.error), ...kept, showSkeleton: false, reload };
  return { status: 'ready', data: query.data?.value as T, showSkeleton: false, reload };
}

/** What a watched read has: the latest answer, and the failure of the last read when it failed. */
export interface WatchedData<T> {
  readonly data: T | undefined;
  /** The last read failed (`data` is the answer before it); undefined once a read succeeds again. */
  readonly error: unknown;
}

/**
 * Server data read again and again until it is final (a job, #28.6): it starts from `initial` (the
 * answer that named it) without a read; `next(latest, error, reads)` answers the wait before the next
 * read — after a failed read too, so a read that did not come back is asked again — or false to stop.
 * Read in a hidden tab too: a job that finishes meanwhile is shown when the user looks again.
 */
export function useWatchedServerData<T>(
  key: QueryKey,
  load: () => Promise<T>,
  initial: T | undefined,
  next: (latest: T | undefined, error: unknown, reads: number) => number | false,
): WatchedData<T> {
  const query = useQuery<Box<T>>(
    {
      queryKey: key,
      queryFn: boxed(load),
      // Nothing to read before the first answer, nor after one that is final already.
      enabled: initial !== undefined && next(initial, undefined, 0) !== false,
      ...(initial === undefined ? {} : { initialData: { value: initial } }),
      // Read by the interval only (the first read after the first wait), never because a key or a mount is new.
      staleTime: Number.POSITIVE_INFINITY,
      refetchOnMount: false,
      refetchInterval: ({ state }) =>
        next(
          state.data?.value,
          state.status === 'error' ? state.error : undefined,
          state.dataUpdateCount + state.errorUpdateCount,
        ),
      refetchIntervalInBackground: true,
    },
    queryClient,
  );
  return { data: query.data?.value, error: query.isError ? query.error : undefined };
}

/** Ask for shared data ahead of the page that shows it (once: an answer kept or under way is not asked again). */
export function prefetchServerData<T>(key: QueryKey, load: () => Promise<T>): void {
  void queryClient.prefetchQuery({ queryKey: key, queryFn: boxed(load) });
}

/** Read shared data outside a page (kept until invalidated). */
export async function fetchServerData<T>(key: QueryKey, load: () => Promise<T>): Promise<T> {
  return (await queryClient.fetchQuery({ queryKey: key, queryFn: boxed(load) })).value;
}

/**
 * What is kept under `key` is out of date (after a write): shown queries read again, the
 * others when they are next shown. `refetch: false` only marks it (a page about to be left).
 */
export function invalidateServerData(key: QueryKey, { refetch = true }: { readonly refetch?: boolean } = {}): void {
  void queryClient.invalidateQueries({ queryKey: key, refetchType: refetch ? 'active' : 'none' });
}
