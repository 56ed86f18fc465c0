// i18next with react-i18next: JSON per language and namespace, German bundled, the rest
// loaded on demand; `{name}` placeholders (the same syntax as the ui package).
import i18next, { type i18n as I18n, type BackendModule, type ReadCallback } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { bundledGerman, loadMessages } from './resources.ts';
import { fallbackChain, isLanguage, languageTags, type Language } from './languages.ts';

/**
 * Loads one namespace of one language on demand. `deferred(language)` true: answer empty for
 * now and remember the read in `later` (loaded again by `createI18n` when the first view is ready).
 * A file that fails is tried again after each of `retryDelaysMs` (#30.9), then logged (spec §8)
 * and reported to i18next as failed: the next language of the chain stands in. `loading` holds
 * the reads under way (with their retries).
 */
function lazyBackend(
  deferred: (language: string) => boolean,
  later: Set<string>,
  loading: Set<string>,
  retryDelaysMs: readonly number[],
): BackendModule {
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
      const key = `${language}|${namespace}`;
      loading.add(key);
      const attempt = (tried: number): void => {
        loadMessages(language, namespace as Parameters<typeof loadMessages>[1]).then(
          (messages) => {
            loading.delete(key);
            callback(null, messages ?? {});
          },
          (error: unknown) => {
            const delay = retryDelaysMs[tried];
            if (delay !== undefined) {
              setTimeout(() => attempt(tried + 1), delay);
              return;
            }
            // Spec §8: a failed locale file load is logged; the chain's next language stands in.
            console.warn(`[i18n] could not load ${language}/${namespace}`, error);
            loading.delete(key);
            callback(error instanceof Error ? error : new Error(String(error)), false);
          },
        );
      };
      attempt(0);
    },
  };
}

/** A failed file is tried twice more, after 0.5 s and 1.5 s (#30.9). */
const defaultRetryDelaysMs = [500, 1500];

/** The reads under way of each instance (`missingTexts` reads them). */
const readsOf = new WeakMap<I18n, ReadonlySet<string>>();

const chainOf = (i18n: I18n) => {
  const language = i18n.resolvedLanguage ?? i18n.language;
  return fallbackChain(isLanguage(language) ? language : 'de');
};

/**
 * The namespaces of which no language of the chain has a text and none is loading (#30.9): a
 * page of them would show raw keys, so the shell says they could not be loaded instead.
 */
export function missingTexts(i18n: I18n, namespaces: readonly string[]): readonly string[] {
  const reads = readsOf.get(i18n) ?? new Set();
  return namespaces.filter(
    (ns) =>
      !chainOf(i18n).some(
        (lng) => reads.has(`${lng}|${ns}`) || Object.keys(i18n.getResourceBundle(lng, ns) ?? {}).length > 0,
      ),
  );
}

/** Loads the namespaces again in every language of the chain ("Erneut versuchen"). */
export function reloadTexts(i18n: I18n, namespaces: readonly string[]): Promise<void> {
  return i18n.reloadResources([...chainOf(i18n)], [...namespaces]);
}

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
  /** The waits before the next tries of a file that failed (default 0.5 s, 1.5 s). */
  readonly retryDelaysMs?: readonly number[];
}

export async function createI18n(language: Language, options: I18nOptions = {}): Promise<I18n> {
  const instance = i18next.createInstance();
  const later = new Set<string>();
  const reads = new Set<string>();
  readsOf.set(instance, reads);
  let starting = options.deferLastFallback !== undefined;
  const deferred = (lng: string) => starting && lng !== language && lng !== 'de';
  await instance
    .use(lazyBackend(deferred, later, reads, options.retryDelaysMs ?? defaultRetryDelaysMs))
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
  // A file that failed (after its retries): what stands in for it is needed now — the deferred
  // last fallback, and German `ui` whole (only the first route's groups are bundled).
  instance.on('failedLoading', (_lng: string, ns: string) => {
    loadLater();
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

/** Intl formatters for the current language. */
export function formatDate(
  language: string,
  value: string | Date,
  options: Intl.DateTimeFormatOptions = { dateStyle: 'long' },
): string {
  const tag = isLanguage(language) ? languageTags[language] : 'de-DE';
  const date = typeof value === 'string' ? new Date(value) : value;
  return Number.isNaN(date.getTime()) ? '' : new Intl.DateTimeFormat(tag, options).format(date);
}

export function formatNumber(language: string, value: number): string {
  const tag = isLanguage(language) ? languageTags[language] : 'de-DE';
  return new Intl.NumberFormat(tag).format(value);
}
