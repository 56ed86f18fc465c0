// The application list (spec §4): loaded once per user and reloaded only when forced.
// The route table starts the load as soon as the session is known (`preloadMyApps`, in
// parallel with the home page's chunk); the page then reads the same promise.
import type { MyApplication, UserPortalApi } from '@portal/adapters';

interface Entry {
  readonly userId: string;
  list: Promise<readonly MyApplication[]>;
  /** A page has read this entry (a preload that nobody read yet is kept even when it failed). */
  read: boolean;
  failed: boolean;
  /** The list once it has arrived. */
  value?: readonly MyApplication[];
}

let cached: Entry | undefined;

function start(api: UserPortalApi, userId: string, read: boolean): Entry {
  const entry: Entry = { userId, list: api.listMyApplications(), read, failed: false };
  cached = entry;
  entry.list.then(
    (value) => {
      entry.value = value;
    },
    () => {
      entry.failed = true;
      // A failed load is forgotten once a page has seen it, so that the next load tries again.
      if (entry.read && cached === entry) cached = undefined;
    },
  );
  return entry;
}

export function loadMyApps(api: UserPortalApi, userId: string, force = false): Promise<readonly MyApplication[]> {
  const entry = !force && cached !== undefined && cached.userId === userId ? cached : start(api, userId, true);
  if (!entry.read) {
    entry.read = true;
    if (entry.failed && cached === entry) cached = undefined;
  }
  return entry.list;
}

/** The list if it has already arrived for this user (the page then renders the tiles at once). */
export function peekMyApps(userId: string): readonly MyApplication[] | undefined {
  if (cached === undefined || cached.userId !== userId || cached.value === undefined) return undefined;
  cached.read = true;
  return cached.value;
}

/** The list as the portal server rendered it (the first view's data, issue #16): no load for it. */
export function primeMyApps(userId: string, list: readonly MyApplication[]): void {
  cached = { userId, list: Promise.resolve(list), read: false, failed: false, value: list };
}

/** Start the load for this user unless it is already under way or done (nothing is read). */
export function preloadMyApps(api: UserPortalApi, userId: string): void {
  if (cached !== undefined && cached.userId === userId) return;
  start(api, userId, false);
}

/** Change the list kept for this user (when it has arrived), so the next visit shows the change without a load. */
function updateKept(userId: string, update: (app: MyApplication) => MyApplication): void {
  if (cached === undefined || cached.userId !== userId || cached.value === undefined) return;
  const value = cached.value.map(update);
  cached.value = value;
  cached.list = Promise.resolve(value);
}

/** The favourites the server stored (#20.1). */
export function rememberFavourites(userId: string, ids: readonly string[]): void {
  updateKept(userId, (app) => {
    const { favouritePosition: _old, ...rest } = app;
    const position = ids.indexOf(app.id);
    return position === -1 ? rest : { ...rest, favouritePosition: position };
  });
}

/**
 * A launch from the launcher or the quick launcher (#20.1): the application is the newest of
 * the recently used at once, and the server records it (when that fails, the row only misses it).
 */
export function recordLaunch(api: UserPortalApi, userId: string, id: string, at = new Date().toISOString()): void {
  updateKept(userId, (app) => (app.id === id ? { ...app, lastLaunchedAt: at } : app));
  api.recordLaunch(id).catch(() => undefined);
}

/** After an access request or attribute change the list must be read again. */
export function forgetMyApps(): void {
  cached = undefined;
}
