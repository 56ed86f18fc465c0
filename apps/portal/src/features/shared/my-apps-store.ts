// The application list's cache (spec §4), the part the first route needs: the route table
// starts the load as soon as the session is known (`preloadMyApps`) and the first view's data
// primes it (`primeMyApps`). What the pages do with it (read, peek, change, forget) is in
// `my-apps.ts`, which loads with them (ADR 0007).
import type { MyApplication, UserPortalApi } from '@portal/adapters';

export interface Entry {
  readonly userId: string;
  list: Promise<readonly MyApplication[]>;
  /** A page has read this entry (a preload that nobody read yet is kept even when it failed). */
  read: boolean;
  failed: boolean;
  /** The list once it has arrived. */
  value?: readonly MyApplication[];
}

/** The one entry of the page (one user at a time). */
export const store: { cached?: Entry | undefined } = {};

export function start(api: UserPortalApi, userId: string, read: boolean): Entry {
  const entry: Entry = { userId, list: api.listMyApplications(), read, failed: false };
  store.cached = entry;
  entry.list.then(
    (value) => {
      entry.value = value;
    },
    () => {
      entry.failed = true;
      // A failed load is forgotten once a page has seen it, so that the next load tries again.
      if (entry.read && store.cached === entry) store.cached = undefined;
    },
  );
  return entry;
}

/** The list as the portal server rendered it (the first view's data, issue #16): no load for it. */
export function primeMyApps(userId: string, list: readonly MyApplication[]): void {
  store.cached = { userId, list: Promise.resolve(list), read: false, failed: false, value: list };
}

/** Start the load for this user unless it is already under way or done (nothing is read). */
export function preloadMyApps(api: UserPortalApi, userId: string): void {
  if (store.cached !== undefined && store.cached.userId === userId) return;
  start(api, userId, false);
}
