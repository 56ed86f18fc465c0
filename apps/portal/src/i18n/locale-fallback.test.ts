// A translation file that fails to load (spec §8: only logged), also when tried again (#30.9),
// falls back along §9's order: the language, then German, then English; never a raw key (#17.4).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fallbackChain, languages, type Language } from './languages.ts';
import type * as Resources from './resources.ts';

const failing = new Set<string>();
vi.mock('./resources.ts', async (original) => {
  const real = await original<typeof Resources>();
  return {
    ...real,
    loadMessages: async (language: Language, namespace: Parameters<typeof real.loadMessages>[1]) => {
      if (failing.has(`${language}/${namespace}`)) throw new Error(`404 ${language}/${namespace}`);
      return real.loadMessages(language, namespace);
    },
  };
});
const { createI18n } = await import('./i18n.ts');
const { loadMessages } = await vi.importActual<typeof Resources>('./resources.ts');

/** One key of each namespace and where to find its text. */
const probes = {
  common: 'languages.de',
  auth: 'login.heading',
  home: 'subtitle',
  settings: 'heading',
  flows: 'checking',
  admin: 'common.yes',
  ui: 'nav.main',
} as const;
type Probe = keyof typeof probes;

async function textOf(language: Language, namespace: Probe): Promise<string> {
  let value: unknown = await loadMessages(language, namespace);
  for (const part of probes[namespace].split('.')) value = (value as Record<string, unknown>)[part];
  return value as string;
}

afterEach(() => {
  failing.clear();
  vi.restoreAllMocks();
});

describe('a locale file that fails to load', () => {
  for (const language of languages) {
    for (const namespace of Object.keys(probes) as Probe[]) {
      // German common, home and ui are bundled with the first route: they cannot fail.
      if (language === 'de' && ['common', 'home', 'ui'].includes(namespace)) continue;
      it(`${language}/${namespace}: is logged and the next language of the chain is shown`, async () => {
        vi.spyOn(console, 'warn').mockImplementation(() => undefined);
        failing.add(`${language}/${namespace}`);
        const i18n = await createI18n(language, {
          deferLastFallback: (load) => {
            load();
          },
          // Tried again at once (#30.9), still failing.
          retries: { count: 1, firstWaitMs: 1 },
        });
        await i18n.loadNamespaces([namespace]);
        const next = fallbackChain(language)[1] ?? 'en';
        // Untyped: the keys are checked per namespace at compile time, here they are data.
        const t = i18n.t.bind(i18n) as unknown as (key: string, options: Record<string, string>) => string;
        expect(t(probes[namespace], { ns: namespace, brand: '{brand}', label: '{label}' })).toBe(
          await textOf(next, namespace),
        );
        expect(console.warn).toHaveBeenCalledWith(`[i18n] could not load ${language}/${namespace}`, expect.any(Error));
      });
    }
  }
});
