// The application list (spec §4): loaded once per user and reloaded only when forced.
// The route table starts the load as soon as the session is known (`preloadMyApps` of
// `my-apps-store.ts`, in parallel with the home page's chunk); the page then reads the same promise.
import type { MyApplication, UserPortalApi } from '@portal/adapters';
import { start, store } from './my-apps-store.ts';

export function loadMyApps(api: UserPortalApi, userId: string, force = false): Promise<readonly MyApplication[]> {
  const kept = store.cached;
  const entry = !force && kept !== undefined && kept.userId === userId ? kept : start(api, userId, true);
  if (!entry.read) {
    entry.read = true;
    if (entry.failed && store.cached === entry) store.cached = undefined;
  }
  return entry.list;
}

/** The list if it has already arrived for this user (the page then renders the tiles at once). */
export function peekMyApps(userId: string): readonly MyApplication[] | undefined {
  const kept = store.cached;
  if (kept === undefined || kept.userId !== userId || kept.value === undefined) return undefined;
  kept.read = true;
  return kept.value;
}

/** Change the list kept for this user (when it has arrived), so the next visit shows the change without a load. */
function updateKept(userId: string, update: (app: MyApplication) => MyApplication): void {
  const kept = store.cached;
  if (kept === undefined || kept.userId !== userId || kept.value === undefined) return;
  const value = kept.value.map(update);
  kept.value = value;
  kept.list = Promise.resolve(value);
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
  store.cached = undefined;
}
