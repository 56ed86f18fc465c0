// The chunk-load guard (spec §8): a failed chunk load reloads the page at most once per
// 60 seconds, and never while an unused authorization `code` is in the address.

import { chunkReloadIntervalMs } from './constants.ts';
import { parseQuery, splitUrl } from './url.ts';
import type { Clock, MarkerStore, Navigator } from '../ports/ports.ts';

export const chunkReloadMarkerKey = 'hk-portal.chunk-reload-at';

export type ChunkReloadDecision = 'reloaded' | 'tooSoon' | 'codeInAddress';

/** Decide (and do) the reload after a failed chunk load. */
export function reloadAfterChunkError(ports: {
  readonly clock: Clock;
  readonly navigator: Navigator;
  readonly markerStore: MarkerStore;
}): ChunkReloadDecision {
  const now = ports.clock.now();
  if (parseQuery(splitUrl(ports.navigator.currentUrl()).query).has('code')) return 'codeInAddress';
  const last = Number(ports.markerStore.get(chunkReloadMarkerKey));
  if (Number.isFinite(last) && last <= now && now - last < chunkReloadIntervalMs) return 'tooSoon';
  ports.markerStore.set(chunkReloadMarkerKey, String(now));
  ports.navigator.reload();
  return 'reloaded';
}

/** True for the errors bundlers raise when a lazily loaded chunk cannot be fetched. */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? `${error.name} ${error.message}` : typeof error === 'string' ? error : '';
  return /ChunkLoadError|Loading chunk|Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed/i.test(
    message,
  );
}
