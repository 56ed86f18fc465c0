// Where every translation file comes from: German common, home and ui messages are bundled
// with the first route; every other language and the admin namespace are separate chunks,
// fetched when first needed.
import common from '../locales/de/common.json';
import home from '../locales/de/home.json';
import ui from '@portal/ui/locales/de';
import { loadUiMessages } from '@portal/ui';
import type { Language, Namespace } from './languages.ts';

/** What the launcher needs at once; the other German namespaces load with their pages. */
export const bundledGerman = { common, home, ui } as const;

type Messages = Readonly<Record<string, unknown>>;

const lazyFiles = import.meta.glob<Messages>(
  ['../locales/*/*.json', '!../locales/de/common.json', '!../locales/de/home.json'],
  { import: 'default' },
);

/** Load one namespace of one language (undefined when there is no such file). */
export async function loadMessages(language: Language, namespace: Namespace): Promise<Messages | undefined> {
  if (language === 'de' && namespace in bundledGerman) return bundledGerman[namespace as keyof typeof bundledGerman];
  if (namespace === 'ui') return loadUiMessages(language);
  const load = lazyFiles[`../locales/${language}/${namespace}.json`];
  return load === undefined ? undefined : load();
}
