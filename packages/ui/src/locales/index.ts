import type { UiMessages } from '../i18n/interpolate.ts';

/** The interface languages, German first (source and fallback). */
export const uiLanguages = ['de', 'en', 'fr', 'es', 'it', 'nl', 'pl'] as const;
export type UiLanguage = (typeof uiLanguages)[number];

/** i18next namespace of the ui package's own messages. */
export const uiNamespace = 'ui';

/** Every language but German, each its own chunk (one small JSON per language). */
const translations: Record<Exclude<UiLanguage, 'de'>, () => Promise<{ readonly default: UiMessages }>> = {
  en: () => import('./en/ui.json'),
  fr: () => import('./fr/ui.json'),
  es: () => import('./es/ui.json'),
  it: () => import('./it/ui.json'),
  nl: () => import('./nl/ui.json'),
  pl: () => import('./pl/ui.json'),
};

/**
 * Loads the `ui` namespace messages of one language as its own chunk (one small JSON
 * per language), so the portal fetches only the languages it shows.
 */
export async function loadUiMessages(language: UiLanguage): Promise<UiMessages> {
  // German as text: the portal bundles the groups its first route shows (named imports of
  // de/ui.json); an import of the whole module here would keep every group in that bundle.
  if (language === 'de') return JSON.parse((await import('./de/ui.json?raw')).default) as UiMessages;
  return (await translations[language]()).default;
}
