// Where every translation file comes from: German common, home and ui messages are bundled
// with the first route; every other language and the admin namespace are separate chunks,
// fetched when first needed.
import common from '../locales/de/common.json';
import home from '../locales/de/home.json';
import {
  common as uiCommon,
  errorPage,
  footer,
  greeting,
  language,
  launcher,
  nav,
  toast,
  userMenu,
} from '@portal/ui/locales/de';
import { loadUiMessages } from '@portal/ui';
import type { Language, Namespace } from './languages.ts';

/**
 * The groups of the German `ui` namespace that the first route (the launcher and the shell
 * around it) shows; the whole file (forms, tables, dialogs, validations, sessions) loads after
 * the start (`loadMessages('de', 'ui')`, see `createI18n`).
 */
const uiFirstRoute = { nav, userMenu, language, footer, errorPage, toast, greeting, launcher, common: uiCommon };

/** What the launcher needs at once; the other German namespaces load with their pages. */
export const bundledGerman = { common, home, ui: uiFirstRoute } as const;

type Messages = Readonly<Record<string, unknown>>;

const lazyFiles = import.meta.glob<Messages>(
  ['../locales/*/*.json', '!../locales/de/common.json', '!../locales/de/home.json'],
  { import: 'default' },
);

/** Load one namespace of one language (undefined when there is no such file). */
export async function loadMessages(language: Language, namespace: Namespace): Promise<Messages | undefined> {
  if (language === 'de' && namespace in bundledGerman && namespace !== 'ui')
    return bundledGerman[namespace as keyof typeof bundledGerman];
  if (namespace === 'ui') return loadUiMessages(language);
  const load = lazyFiles[`../locales/${language}/${namespace}.json`];
  return load === undefined ? undefined : load();
}
