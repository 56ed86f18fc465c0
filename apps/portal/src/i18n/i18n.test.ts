import { describe, expect, it, vi } from 'vitest';
import { createI18n, loadedTexts } from './i18n.ts';

describe('createI18n', () => {
  it('has German at once, with {name} placeholders and plural forms', async () => {
    const i18n = await createI18n('de');
    expect(i18n.t('pageTitle', { title: 'Meine Apps', brand: 'HK Küchen' })).toBe('Meine Apps | HK Küchen');
    expect(i18n.t('pending.count', { ns: 'home', count: 1 })).toBe('1 Anfrage wartet auf Freigabe');
    expect(i18n.t('pending.count', { ns: 'home', count: 3 })).toBe('3 Anfragen warten auf Freigabe');
    expect(i18n.t('errorPage.title', { ns: 'ui', code: 404 })).toBe('Fehler 404');
    expect(document.documentElement.lang).toBe('de');
  });

  it("bundles the first route's German ui texts; the rest (forms, tables, validations) loads at once, awaited when asked", async () => {
    const bundled = await createI18n('de');
    expect(bundled.t('launcher.favourites', { ns: 'ui' })).toBe('Favoriten');
    await vi.waitFor(() => expect(bundled.t('table.empty', { ns: 'ui' })).toBe('Keine Einträge vorhanden'));
    const awaited = await createI18n('de', { awaitAllUiMessages: true });
    expect(awaited.t('pagination.rowsPerPage', { ns: 'ui' })).toBe('Zeilen pro Seite');
    const french = await createI18n('fr', { awaitAllUiMessages: true });
    await french.changeLanguage('de');
    await vi.waitFor(() => expect(french.t('table.empty', { ns: 'ui' })).toBe('Keine Einträge vorhanden'));
  });

  it('loads another language on demand and switches the document language', async () => {
    const i18n = await createI18n('de');
    await i18n.changeLanguage('pl');
    await i18n.loadNamespaces(['home', 'settings']);
    expect(i18n.t('pending.count', { ns: 'home', count: 2 })).toBe('2 wnioski czekają na zatwierdzenie');
    expect(i18n.t('pending.count', { ns: 'home', count: 5 })).toBe('5 wniosków czeka na zatwierdzenie');
    expect(i18n.t('personal.firstName', { ns: 'settings' })).toBe('Imię');
    expect(document.documentElement.lang).toBe('pl');
  });

  it('loads the last fallback (English) only when told to, after the first view', async () => {
    let later: (() => void) | undefined;
    const i18n = await createI18n('fr', {
      deferLastFallback: (load) => {
        later = load;
      },
    });
    expect(i18n.t('pageTitle', { title: 'Mes applications', brand: 'HK Küchen' })).toContain('HK Küchen');
    expect(loadedTexts(i18n, 'fr', 'common').pageTitle).toBeTypeOf('string');
    expect(Object.keys(loadedTexts(i18n, 'en', 'common'))).toHaveLength(0);
    expect(later).toBeTypeOf('function');
    const loaded = new Promise<void>((resolve) => {
      i18n.on('loaded', () => resolve());
    });
    later?.();
    await loaded;
    expect(loadedTexts(i18n, 'en', 'common').pageTitle).toBeTypeOf('string');
    expect(i18n.getResourceBundle('en', 'ui')).toBeDefined();
  });

  it('loads the deferred files at once when the language changes before the first view is ready', async () => {
    const i18n = await createI18n('de', { deferLastFallback: () => undefined });
    expect(Object.keys(loadedTexts(i18n, 'en', 'home'))).toHaveLength(0);
    // 'loaded' is emitted per file as it arrives: wait for the one of the home namespace.
    const loaded = new Promise<void>((resolve) => {
      i18n.on('loaded', () => {
        if (Object.keys(loadedTexts(i18n, 'en', 'home')).length > 0) resolve();
      });
    });
    await i18n.changeLanguage('en');
    await loaded;
    expect(loadedTexts(i18n, 'en', 'home').subtitle).toBeTypeOf('string');
    expect(document.documentElement.lang).toBe('en');
  });

  it('defers nothing without the option or when nothing comes after German', async () => {
    const english = await createI18n('en', {
      deferLastFallback: () => {
        throw new Error('nothing to defer');
      },
    });
    expect(loadedTexts(english, 'en', 'common').pageTitle).toBeTypeOf('string');
    const french = await createI18n('fr');
    expect(loadedTexts(french, 'en', 'common').pageTitle).toBeTypeOf('string');
  });
});
