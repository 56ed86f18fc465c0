// #30.9: a page's texts that no language of the chain could load are never shown as raw keys:
// the route says so and tries again on request; a file that fails once is simply tried again.
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type * as Resources from '../i18n/resources.ts';
import type { Language } from '../i18n/languages.ts';
import { UiBridge } from './app.tsx';

/** How many more loads of a file fail (by `lng/ns`). */
const failures = new Map<string, number>();
vi.mock('../i18n/resources.ts', async (original) => {
  const real = await original<typeof Resources>();
  return {
    ...real,
    loadMessages: async (language: Language, namespace: Parameters<typeof real.loadMessages>[1]) => {
      const left = failures.get(`${language}/${namespace}`) ?? 0;
      if (left > 0) {
        failures.set(`${language}/${namespace}`, left - 1);
        throw new Error(`offline ${language}/${namespace}`);
      }
      return real.loadMessages(language, namespace);
    },
  };
});
const { createI18n, missingTexts } = await import('../i18n/i18n.ts');
const { RouteTexts } = await import('./route-texts.tsx');

afterEach(() => {
  cleanup();
  failures.clear();
  vi.restoreAllMocks();
});

function SettingsHeading() {
  const { t } = useTranslation('settings');
  return <h1>{t('heading')}</h1>;
}

async function showSettings(language: Language) {
  const i18n = await createI18n(language, { retries: { count: 2, firstWaitMs: 1 } });
  render(
    <I18nextProvider i18n={i18n}>
      <UiBridge>
        <Suspense fallback={<p>…</p>}>
          <RouteTexts namespaces={['settings']}>
            <SettingsHeading />
          </RouteTexts>
        </Suspense>
      </UiBridge>
    </I18nextProvider>,
  );
  return i18n;
}

describe('the texts of a route (#30.9)', () => {
  it('a file that fails twice is tried again: the page in its own language', async () => {
    failures.set('fr/settings', 2);
    await showSettings('fr');
    expect(await screen.findByRole('heading', { name: 'Paramètres' })).toBeDefined();
  });

  it('a file that keeps failing: the German text stands in, never the key', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    failures.set('fr/settings', 99);
    await showSettings('fr');
    expect(await screen.findByRole('heading', { name: 'Einstellungen' })).toBeDefined();
    expect(screen.queryByText('heading')).toBeNull();
  });

  it('no language has them: says so instead of raw keys, and shows the page once a retry loads them', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    for (const lng of ['de', 'en']) failures.set(`${lng}/settings`, 3);
    const i18n = await showSettings('de');
    expect(await screen.findByText('Die Texte dieser Seite konnten nicht geladen werden.')).toBeDefined();
    expect(screen.queryByText('heading')).toBeNull();
    expect(missingTexts(i18n, ['settings', 'home'])).toEqual(['settings']);
    // The network is back.
    failures.clear();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Erneut versuchen' }));
    });
    expect(await screen.findByRole('heading', { name: 'Einstellungen' })).toBeDefined();
  });
});
