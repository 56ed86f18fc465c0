// i18next with react-i18next: JSON per language and namespace, German bundled, the rest
// loaded on demand; `{name}` placeholders (the same syntax as the ui package).
import i18next, { type i18n as I18n, type BackendModule, type ReadCallback } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { bundledGerman, loadMessages } from './resources.ts';
import { fallbackChain, isLanguage, type Language } from './languages.ts';

/** How often a file that failed is tried again, and the first wait (doubled for each next try). */
interface Retries {
  readonly count: number;
  readonly firstWaitMs: number;
}

/**
 * Loads one namespace of one language on demand. `deferred(language)` true: answer empty for
 * now and remember the read in `later` (loaded again by `createI18n` when the first view is ready).
 * A file that fails is tried again (#30.9), then reported as failed for good: the next language
 * of the chain stands in (a failure i18next would try again itself makes every render while
 * another language loads ask for it once more).
 */
function lazyBackend(deferred: (language: string) => boolean, later: Set<string>, retries: Retries): BackendModule {
  return {
    type: 'backend',
    init() {
      /* nothing to set up */
    },
    read(language: string, namespace: string, callback: ReadCallback) {
      if (!isLanguage(language)) {
        callback(null, {});
        return;
      }
      if (deferred(language)) {
        later.add(`${language}|${namespace}`);
        callback(null, {});
        return;
      }
      const attempt = (left: number, waitMs: number): void => {
        loadMessages(language, namespace as Parameters<typeof loadMessages>[1]).then(
          (messages) => callback(null, messages ?? {}),
          (error: unknown) => {
            if (left > 0) {
              setTimeout(() => attempt(left - 1, waitMs * 2), waitMs);
              return;
            }
            // Spec §8: a failed locale file load is logged.
            console.warn(`[i18n] could not load ${language}/${namespace}`, error);
            callback(error instanceof Error ? error : new Error(String(error)), false);
          },
        );
      };
      attempt(retries.count, retries.firstWaitMs);
    },
  };
}

/** The languages of the page's fallback chain (its language, German, English). */
export const textChain = (i18n: I18n): readonly Language[] => {
  const language = i18n.resolvedLanguage ?? i18n.language;
  return fallbackChain(isLanguage(language) ? language : 'de');
};

/**
 * The namespaces of which no language of the chain has a text (#30.9): once they have loaded or
 * failed, a page of them would show raw keys, so the shell says they could not be loaded instead.
 */
export function missingTexts<N extends string>(i18n: I18n, namespaces: readonly N[]): readonly N[] {
  return namespaces.filter((ns) => !textChain(i18n).some((lng) => Object.keys(loadedTexts(i18n, lng, ns)).length > 0));
}

/** The texts of one namespace in one language as loaded, none yet: empty (i18next types a bundle `any`). */
export const loadedTexts = (i18n: I18n, lng: string, ns: string): Readonly<Record<string, unknown>> =>
  (i18n.getResourceBundle(lng, ns) as Record<string, unknown> | undefined) ?? {};

export interface I18nOptions {
  /**
   * The first view needs its language and German only: German is complete (the locale test
   * compares every language with it), so the last fallback, English, is never shown then. With
   * this option its files are loaded when `later` runs the task (the portal: once the first
   * route is ready) instead of delaying the first render by three requests.
   */
  readonly deferLastFallback?: (load: () => void) => void;
  /**
   * German `ui` messages beyond the first route's (forms, tables, dialogs, validations) are not
   * bundled: in German they load at once, and `createI18n` waits for them when this is true
   * (a first route other than the launcher). Otherwise they arrive while the launcher paints.
   */
  readonly awaitAllUiMessages?: boolean;
  /** How often a file that failed is tried again (default 2: after 0.5 s, then 1 s) and the first wait. */
  readonly retries?: Retries;
}

export async function createI18n(language: Language, options: I18nOptions = {}): Promise<I18n> {
  const instance = i18next.createInstance();
  const later = new Set<string>();
  let starting = options.deferLastFallback !== undefined;
  const deferred = (lng: string) => starting && lng !== language && lng !== 'de';
  await instance
    .use(lazyBackend(deferred, later, options.retries ?? { count: 2, firstWaitMs: 500 }))
    .use(initReactI18next)
    .init({
      lng: language,
      fallbackLng: (code: string) => [...fallbackChain(isLanguage(code) ? code : 'de')].slice(1),
      supportedLngs: ['de', 'en', 'fr', 'es', 'it', 'nl', 'pl'],
      load: 'currentOnly',
      ns: ['common', 'home', 'ui'],
      defaultNS: 'common',
      partialBundledLanguages: true,
      // A copy: the store adds every namespace it loads (or fails to load, as empty) to this
      // object, which must not leak into the next instance (tests, rendering on the server).
      resources: { de: { ...bundledGerman } },
      interpolation: { escapeValue: false, prefix: '{', suffix: '}' },
      returnNull: false,
      react: { useSuspense: true, bindI18n: 'languageChanged loaded' },
    });
  starting = false;
  // The bundled German `ui` is the first route's part; the whole file replaces it.
  let allGermanUi: Promise<unknown> | undefined;
  const loadAllGermanUi = () => {
    allGermanUi ??= instance.reloadResources(['de'], ['ui']).catch(() => undefined);
    return allGermanUi;
  };
  if (language === 'de') {
    const all = loadAllGermanUi();
    if (options.awaitAllUiMessages === true) await all;
  }
  const loadLater = () => {
    if (later.size === 0) return;
    const reads = [...later].map((key) => key.split('|'));
    later.clear();
    const languagesToLoad = [...new Set(reads.map(([lng]) => lng ?? ''))];
    const namespaces = [...new Set(reads.map(([, ns]) => ns ?? ''))];
    // Emits 'loaded': react-i18next renders again with the loaded messages.
    instance.reloadResources(languagesToLoad, namespaces).catch(() => undefined);
  };
  if (later.size > 0) options.deferLastFallback?.(loadLater);
  // On the portal server (the first view, issue #16) there is no document: it writes <html lang>.
  const root = typeof document === 'undefined' ? undefined : document.documentElement;
  if (root !== undefined) root.lang = language;
  // German `ui` stands in for a language's that failed: whole (only the first route's groups are bundled).
  instance.on('failedLoading', (_lng: string, ns: string) => {
    if (ns === 'ui') void loadAllGermanUi();
  });
  instance.on('languageChanged', (lng) => {
    if (root !== undefined) root.lang = lng;
    if (lng === 'de') void loadAllGermanUi();
    // A change of language before the first view was ready (the deferred files may be the new language's).
    loadLater();
  });
  return instance;
}
