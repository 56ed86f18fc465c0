// The colour scheme's cookie `hk-theme` (365 days, Secure, SameSite Lax): a preference of the
// device that the page writes and the portal server reads into the page's <html>.
import type { Theme } from '@portal/core';
import { themeCookieKey, toTheme } from '@portal/core';
import type { CookieAttributes, CookieJar } from '../cookies/jar.ts';
import { deleteCookie, parseCookies, serializeCookie } from '../cookies/jar.ts';

export const themeCookieAttributes: CookieAttributes = {
  path: '/',
  secure: true,
  sameSite: 'lax',
  maxAgeSeconds: 365 * 24 * 60 * 60,
};

export interface ThemeStore {
  read(): Theme;
  /** Keeps a forced theme; the system's deletes the cookie. */
  write(theme: Theme): void;
}

export function createCookieThemeStore(jar: CookieJar): ThemeStore {
  return {
    read: () => toTheme(parseCookies(jar.read()).get(themeCookieKey)),
    write(theme) {
      if (theme === 'system') deleteCookie(jar, themeCookieKey, themeCookieAttributes);
      else jar.write(serializeCookie(themeCookieKey, toTheme(theme), themeCookieAttributes));
    },
  };
}
