// The language: the cookie `i18n_redirected` (365 days, Secure, SameSite None; spec §9)
// and the allow-list every `lang` header is drawn from.

import type { LocaleCode, LocaleStore } from '@portal/core';
import { langHeader, localeCodes, localeCookieKey, localeCookieMaxAgeDays } from '@portal/core';
import type { CookieAttributes, CookieJar } from '../cookies/jar.ts';
import { parseCookies, serializeCookie } from '../cookies/jar.ts';

export const localeCookieAttributes: CookieAttributes = {
  path: '/',
  secure: true,
  sameSite: 'none',
  maxAgeSeconds: localeCookieMaxAgeDays * 24 * 60 * 60,
};

/** The code when it is on the allow-list (de, en, fr, es, it, nl, pl), else undefined. */
export function toLocaleCode(value: unknown): LocaleCode | undefined {
  return localeCodes.find((code) => code === value);
}

/** A language for a `lang` header: on the allow-list, else the default (core's rule). */
export function allowedLanguage(value: unknown): LocaleCode {
  return langHeader(typeof value === 'string' ? value : undefined);
}

export function createCookieLocaleStore(jar: CookieJar): LocaleStore {
  return {
    read: () => toLocaleCode(parseCookies(jar.read()).get(localeCookieKey)),
    write(locale) {
      const code = toLocaleCode(locale);
      if (code !== undefined) jar.write(serializeCookie(localeCookieKey, code, localeCookieAttributes));
    },
  };
}
