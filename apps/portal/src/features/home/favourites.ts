// The launcher's favourites as the home page keeps them (#20.1): the stored order read from
// the list, and the writes of the user's changes, one at a time (only the newest change waits).
import type { MyApplication } from '@portal/adapters';

/** The pinned applications' ids in their stored order. */
export function storedFavourites(apps: readonly MyApplication[]): readonly string[] {
  return apps
    .filter((app) => app.accessStatus === 'granted' && app.favouritePosition !== undefined)
    .sort((a, b) => (a.favouritePosition ?? 0) - (b.favouritePosition ?? 0))
    .map((app) => app.id);
}

export interface FavouritesWriterEvents {
  /** The server stored this list. */
  stored(ids: readonly string[]): void;
  /** A write failed and no newer change is waiting. */
  failed(error: unknown): void;
}

/**
 * Writes the favourites in order: while a write is under way, the newest change waits and
 * those before it are dropped (each write carries the whole list), so the server ends with
 * the user's last order whatever the answers' timing.
 */
export function createFavouritesWriter(
  write: (ids: readonly string[]) => Promise<readonly string[]>,
  events: FavouritesWriterEvents,
): (ids: readonly string[]) => void {
  let busy = false;
  let waiting: readonly string[] | undefined;
  const run = async (ids: readonly string[]): Promise<void> => {
    busy = true;
    try {
      events.stored(await write(ids));
    } catch (error) {
      if (waiting === undefined) events.failed(error);
    }
    busy = false;
    const next = waiting;
    waiting = undefined;
    if (next !== undefined) await run(next);
  };
  return (ids) => {
    if (busy) waiting = ids;
    else void run(ids);
  };
}
