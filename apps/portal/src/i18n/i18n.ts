// i18next with react-i18next: JSON per language and namespace, German bundled, the rest
// loaded on demand; `{name}` placeholders (the same syntax as the ui package).
import i18next, { type i18n as I18n, type BackendModule, type ReadCallback } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { bundledGerman, loadMessages } from './resources.ts';
import { fallbackChain, isLanguage, languageTags, type Language } from './languages.ts';

const lazyBackend: BackendModule = {
  type: 'backend',
  init() { /* nothing to set up */ },
  read(language: string, namespace: string, callback: ReadCallback) {
    if (!isLanguage(language)) {
      callback(null, {});
      return;
    }
    loadMessages(language, namespace as Parameters<typeof loadMessages>[1]).then(
      (messages) => callback(null, messages ?? {}),
      (error: unknown) => {
        // Spec §8: a failed locale file load is only logged.
        console.warn(`[i18n] could not load ${language}/${namespace}`, error);
        callback(null, {});
      },
    );
  },
};

export async function createI18n(language: Language): Promise<I18n> {
  const instance = i18next.createInstance();
  await instance
    .use(lazyBackend)
    .use(initReactI18next)
    .init({
      lng: language,
      fallbackLng: (code: string) => [...fallbackChain(isLanguage(code) ? code : 'de')].slice(1),
      supportedLngs: ['de', 'en', 'fr', 'es', 'it', 'nl', 'pl'],
      load: 'currentOnly',
      ns: ['common', 'home', 'ui'],
      defaultNS: 'common',
      partialBundledLanguages: true,
      resources: { de: bundledGerman },
      interpolation: { escapeValue: false, prefix: '{', suffix: '}' },
      returnNull: false,
      react: { useSuspense: true, bindI18n: 'languageChanged loaded' },
    });
  document.documentElement.lang = language;
  instance.on('languageChanged', (lng) => { document.documentElement.lang = lng; });
  return instance;
}

/** Intl formatters for the current language. */
export function formatDate(language: string, value: string | Date, options: Intl.DateTimeFormatOptions = { dateStyle: 'long' }): string {
  const tag = isLanguage(language) ? languageTags[language] : 'de-DE';
  const date = typeof value === 'string' ? new Date(value) : value;
  return Number.isNaN(date.getTime()) ? '' : new Intl.DateTimeFormat(tag, options).format(date);
}

export function formatNumber(language: string, value: number): string {
  const tag = isLanguage(language) ? languageTags[language] : 'de-DE';
  return new Intl.NumberFormat(tag).format(value);
}
