import { describe, expect, it } from 'vitest';
import { createMemoryCookieJar } from '../cookies/jar.ts';
import { createCookieThemeStore } from './theme-store.ts';

describe('the theme cookie', () => {
  it("keeps a forced theme for a year and forgets it for the system's", () => {
    const jar = createMemoryCookieJar({ now: () => 0 });
    const store = createCookieThemeStore(jar);
    expect(store.read()).toBe('system');
    store.write('dark');
    expect(store.read()).toBe('dark');
    expect(jar.cookies()).toEqual([
      { name: 'hk-theme', value: 'dark', path: '/', secure: true, sameSite: 'lax', expiresAt: 365 * 24 * 3600 * 1000 },
    ]);
    store.write('system');
    expect(store.read()).toBe('system');
    expect(jar.cookies()).toEqual([]);
  });

  it("a tampered cookie reads as the system's", () => {
    const jar = createMemoryCookieJar();
    jar.write('hk-theme=%22%3E%3Cscript%3E; Path=/');
    expect(createCookieThemeStore(jar).read()).toBe('system');
  });
});
