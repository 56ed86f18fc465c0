// Locale rules of spec §1 and §9: seven languages, de default, fallback current → de → en.

import { defaultLocale, localeCodes } from './entities.ts';
import type { LocaleCode } from './entities.ts';
import type { LocaleStore } from '../ports/ports.ts';

export function isLocaleCode(value: unknown): value is LocaleCode {
  return typeof value === 'string' && (localeCodes as readonly string[]).includes(value);
}

/** The language to use: the stored choice, else the first supported browser language, else de. */
export function resolveLocale(stored: string | undefined, browserLanguages: readonly string[] = []): LocaleCode {
  if (isLocaleCode(stored)) return stored;
  for (const language of browserLanguages) {
    const base = language.toLowerCase().split(/[-_]/)[0];
    if (isLocaleCode(base)) return base;
  }
  return defaultLocale;
}

/** Translation fallback order: the current locale, then de, then en (no duplicates). */
export function localeFallbacks(locale: LocaleCode): readonly LocaleCode[] {
  return [...new Set<LocaleCode>([locale, 'de', 'en'])];
}

/** The `lang` header value: from the allow-list only, else the default. */
export function langHeader(locale: string | undefined): LocaleCode {
  return isLocaleCode(locale) ? locale : defaultLocale;
}

/** Switch the language: remember it in the cookie (spec §1) and answer the new locale. */
export function switchLocale(store: LocaleStore, locale: LocaleCode): LocaleCode {
  store.write(locale);
  return locale;
}
