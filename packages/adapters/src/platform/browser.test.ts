import { describe, expect, it } from 'vitest';
import { pkceChallenge, randomString } from '@portal/core';
import {
  createCryptoRandom,
  createSessionMarkerStore,
  createSubtleDigest,
  createSystemClock,
  createWindowNavigator,
} from './browser.ts';

describe('platform ports', () => {
  it('S256 of the RFC 7636 test vector', async () => {
    expect(await pkceChallenge(createSubtleDigest(), 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).toBe(
      'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    );
  });

  it('random strings of the 62-character alphabet from crypto bytes', () => {
    const value = randomString(createCryptoRandom(), 128);
    expect(value).toMatch(/^[A-Za-z0-9]{128}$/);
    expect(createCryptoRandom().bytes(70_000)).toHaveLength(70_000);
  });

  it('clock, navigator and marker store delegate to the platform', () => {
    const clock = createSystemClock();
    let ran = false;
    const handle = clock.setTimeout(() => {
      ran = true;
    }, 10_000);
    clock.clearTimeout(handle);
    expect(ran).toBe(false);
    expect(clock.now()).toBeGreaterThan(0);

    const calls: string[] = [];
    const nav = createWindowNavigator({
      location: {
        href: 'http://x/a',
        assign: (u: string) => calls.push(`assign ${u}`),
        reload: () => calls.push('reload'),
      } as unknown as Location,
      history: {
        state: null,
        replaceState: (_s: unknown, _t: string, u: string) => calls.push(`replace ${u}`),
      } as unknown as History,
    });
    expect(nav.currentUrl()).toBe('http://x/a');
    nav.redirect('/b');
    nav.replace('/c');
    nav.reload();
    expect(calls).toEqual(['assign /b', 'replace /c', 'reload']);

    const map = new Map<string, string>();
    const store = createSessionMarkerStore({
      getItem: (k) => map.get(k) ?? null,
      setItem: (k, v) => {
        map.set(k, v);
      },
    });
    store.set('m', '1');
    expect(store.get('m')).toBe('1');
    const blocked = createSessionMarkerStore({
      getItem: () => {
        throw new Error('blocked');
      },
      setItem: () => {
        throw new Error('blocked');
      },
    });
    blocked.set('m', '1');
    expect(blocked.get('m')).toBeUndefined();
    expect(createSessionMarkerStore(undefined).get('x')).toBeUndefined();
  });
});
