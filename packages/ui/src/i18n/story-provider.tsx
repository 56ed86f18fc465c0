import { useMemo, type ReactNode } from 'react';
import { createUiT } from './interpolate.ts';
import { UiTextProvider } from './ui-text.tsx';
import { uiResources } from '../locales/resources.ts';
import type { UiLanguage } from '../locales/index.ts';

export interface StoryUiTextProviderProps {
  readonly language?: UiLanguage;
  readonly children?: ReactNode;
}

/** UiTextProvider over the package's own messages with `{var}` interpolation (stories, tests). */
export function StoryUiTextProvider({ language = 'de', children }: StoryUiTextProviderProps) {
  const t = useMemo(() => createUiT(uiResources[language], uiResources.de), [language]);
  return <UiTextProvider t={t}>{children}</UiTextProvider>;
}
