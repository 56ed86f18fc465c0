// The store of rendered first views (#28.15): per user and language, bounded, short-lived.
import { describe, expect, it } from 'vitest';
import type { FirstViewAnswer } from '@portal/portal/first-view';
import { createRenderCache } from './render-cache.ts';

const page = (html: string): FirstViewAnswer => ({ kind: 'page', html, data: {} });

describe('the render cache', () => {
  it("never answers one user's or one language's page for another, whatever the key", () => {
    const cache = createRenderCache({ maxEntries: 10, ttlMs: 60_000 });
    cache.forUser('u-dana', 'de').set('/ same inputs', page('Dana, de'));
    expect(cache.forUser('u-dana', 'de').get('/ same inputs')).toEqual(page('Dana, de'));
    expect(cache.forUser('u-otto', 'de').get('/ same inputs')).toBeUndefined();
    expect(cache.forUser('u-dana', 'en').get('/ same inputs')).toBeUndefined();
    // A user id or language that contains the separator of another cannot meet it.
    cache.forUser('a', 'b c').set('k', page('a'));
    expect(cache.forUser('a b', 'c').get('k')).toBeUndefined();
  });

  it('answers a page only under its key: new data is a new key', () => {
    const cache = createRenderCache({ maxEntries: 10, ttlMs: 60_000 });
    const dana = cache.forUser('u-dana', 'de');
    dana.set(JSON.stringify(['/', { myApps: ['shop'] }]), page('one tile'));
    expect(dana.get(JSON.stringify(['/', { myApps: ['shop', 'planner'] }]))).toBeUndefined();
  });

  it('forgets a page after its time and the least recently used beyond its size', () => {
    let now = 0;
    const cache = createRenderCache({ maxEntries: 2, ttlMs: 1_000, now: () => now });
    const user = cache.forUser('u', 'de');
    user.set('a', page('a'));
    now = 999;
    expect(user.get('a')).toEqual(page('a'));
    now = 1_000;
    expect(user.get('a')).toBeUndefined();
    user.set('a', page('a'));
    user.set('b', page('b'));
    expect(user.get('a')).toEqual(page('a'));
    user.set('c', page('c'));
    expect(cache.size()).toBe(2);
    expect(user.get('b')).toBeUndefined();
    expect(user.get('a')).toEqual(page('a'));
    expect(user.get('c')).toEqual(page('c'));
  });
});
