import type { UiMessages } from '../i18n/interpolate.ts';

/** The interface languages, German first (source and fallback). */
export const uiLanguages = ['de', 'en', 'fr', 'es', 'it', 'nl', 'pl'] as const;
export type UiLanguage = (typeof uiLanguages)[number];

/** i18next namespace of the ui package's own messages. */
export const uiNamespace = 'ui';

/**
 * Loads the `ui` namespace messages of one language as its own chunk (one small JSON
 * per language), so the portal fetches only the languages it shows.
 */
export async function loadUiMessages(language: UiLanguage): Promise<UiMessages> {
  switch (language) {
    // German as text: the portal bundles the groups its first route shows (named imports of
    // de/ui.json); an import of the whole module here would keep every group in that bundle.
    case 'de':
      return JSON.parse((await import('./de/ui.json?raw')).default) as UiMessages;
    case 'en':
      return (await import('./en/ui.json')).default;
    case 'fr':
      return (await import('./fr/ui.json')).default;
    case 'es':
      return (await import('./es/ui.json')).default;
    case 'it':
      return (await import('./it/ui.json')).default;
    case 'nl':
      return (await import('./nl/ui.json')).default;
    case 'pl':
      return (await import('./pl/ui.json')).default;
  }
}
