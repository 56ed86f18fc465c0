// Rendered first views kept for a short time (#28.15, ADR 0028): a render is synchronous work
// on the event loop (15–45 ms on a shared core), and under concurrent requests every page's
// first byte waits behind the others' renders. A page is kept per user and language, under a
// key the renderer makes of everything it reads (its data included: new data, a new key); the
// store's own key starts with the user and the language, so one user's page is never looked up
// for another. Entries live `ttlMs` (60 s: what depends on the clock moves on) in a bounded LRU.
import { createHash } from 'node:crypto';
import type { FirstViewAnswer, FirstViewCache } from '@portal/portal/first-view';

export interface RenderCacheOptions {
  readonly maxEntries: number;
  readonly ttlMs: number;
  readonly now?: () => number;
}

export interface RenderCache {
  /** The store of one user's pages in one language. */
  forUser(userId: string, language: string): FirstViewCache;
  readonly size: () => number;
}

const renderCacheDefaults: RenderCacheOptions = { maxEntries: 500, ttlMs: 60_000 };

export function createRenderCache(options: RenderCacheOptions = renderCacheDefaults): RenderCache {
  const now = options.now ?? Date.now;
  const entries = new Map<string, { readonly answer: FirstViewAnswer; readonly until: number }>();
  const keyOf = (userId: string, language: string, key: string) =>
    createHash('sha256')
      .update(JSON.stringify([userId, language, key]))
      .digest('base64url');
  return {
    forUser(userId, language) {
      return {
        get(key) {
          const id = keyOf(userId, language, key);
          const entry = entries.get(id);
          if (entry === undefined) return undefined;
          entries.delete(id);
          if (entry.until <= now()) return undefined;
          // Most recently used last.
          entries.set(id, entry);
          return entry.answer;
        },
        set(key, answer) {
          const id = keyOf(userId, language, key);
          entries.delete(id);
          entries.set(id, { answer, until: now() + options.ttlMs });
          while (entries.size > options.maxEntries) {
            const oldest = entries.keys().next().value;
            if (oldest === undefined) break;
            entries.delete(oldest);
          }
        },
      };
    },
    size: () => entries.size,
  };
}
