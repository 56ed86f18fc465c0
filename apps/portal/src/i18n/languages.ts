// The seven interface languages (spec §1, §9): German first (default and fallback).
import { defaultLocale, localeCodes, type LocaleCode } from '@portal/core';

export const languages = localeCodes;
export type Language = LocaleCode;

/** BCP 47 tags for dates and numbers. */
export const languageTags: Readonly<Record<Language, string>> = {
  de: 'de-DE',
  en: 'en-GB',
  fr: 'fr-FR',
  es: 'es-ES',
  it: 'it-IT',
  nl: 'nl-NL',
  pl: 'pl-PL',
};

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (languages as readonly string[]).includes(value);
}

/** Fallback order of spec §9: the current language, then German, then English. */
export function fallbackChain(language: Language): readonly Language[] {
  return [language, 'de', 'en'].filter((l, i, all): l is Language => isLanguage(l) && all.indexOf(l) === i);
}

/** The language to start with: the remembered one, else German. */
export function initialLanguage(remembered: string | undefined): Language {
  return isLanguage(remembered) ? remembered : defaultLocale;
}

/** The portal's own namespaces (German bundled), plus ui's and the admin console's. */
const portalNamespaces = ['common', 'auth', 'home', 'settings', 'flows'] as const;
export const allNamespaces = [...portalNamespaces, 'ui', 'admin'] as const;
export type Namespace = (typeof allNamespaces)[number];
