// A route's data in parallel with its code (architecture): as soon as the session is known
// (the stored session read, or a refresh under way), the route of the current address
// starts its data load (`RouteDef.preloadData`), while its page chunk is still downloading.
import type { SessionHandle } from '@portal/core';
import type { UserPortalApi } from '@portal/adapters';
import { routeForPath } from '../routes.ts';

/** What the session knows: `settled` once it is no longer being read. */
export interface KnownUser {
  readonly settled: boolean;
  readonly userId?: string;
}

export interface UserSource {
  current(): KnownUser;
  /** Calls `listener` on every change; returns the unsubscribe function. */
  onChange(listener: () => void): () => void;
}

/** Runs `then` once with the user id (or undefined when signed out) when the session is known. */
export function whenSessionKnown(source: UserSource, then: (userId: string | undefined) => void): void {
  const known = source.current();
  if (known.settled) {
    then(known.userId);
    return;
  }
  let done = false;
  const stop = source.onChange(() => {
    const now = source.current();
    if (done || !now.settled) return;
    done = true;
    stop();
    then(now.userId);
  });
}

export function userSourceOf(session: SessionHandle): UserSource {
  return {
    current() {
      const view = session.view();
      return { settled: view.status !== 'loading', ...(view.user === undefined ? {} : { userId: view.user.id }) };
    },
    onChange: (listener) => session.subscribe(listener),
  };
}

/** Start the data of the route at `path` for the signed-in user, once the session is known. */
export function preloadRouteData(
  source: UserSource,
  api: UserPortalApi,
  path: () => string,
  onStart?: () => void,
): void {
  whenSessionKnown(source, (userId) => {
    if (userId === undefined) return;
    onStart?.();
    routeForPath(path()).preloadData?.(api, userId);
  });
}

/**
 * Start the page chunk of the route at `path` (query and hash ignored) and, with a user, its
 * data: for a navigation the code knows before it happens (the sign-in callback's return path).
 */
export function preloadRoute(path: string, api: UserPortalApi, userId: string | undefined): void {
  const route = routeForPath(path.split(/[?#]/)[0] ?? '/');
  route.page.preload().catch(() => {
    /* the chunk guard handled it; rendering retries */
  });
  if (userId !== undefined) route.preloadData?.(api, userId);
}
