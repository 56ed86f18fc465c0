import type { Preview } from '@storybook/react-vite';
import { themeAttribute, toTheme } from '@portal/core';
import { createI18n } from '../src/i18n/i18n.ts';
import { isLanguage, languages } from '../src/i18n/languages.ts';
import { renderScreen, type StoryLoaded } from './screen.tsx';
import { storyGlobals, storyViewports } from '@portal/tooling/storybook';
import '../src/styles.css';

/** The theme the way the portal server writes it: data-theme on <html> (none: the system's). */
function applyTheme(theme: unknown) {
  const attribute = themeAttribute(toTheme(theme));
  if (attribute === undefined) delete document.documentElement.dataset.theme;
  else document.documentElement.dataset.theme = attribute;
}

/**
 * No story reaches the network: the screens' services answer from memory (screen.tsx); a call
 * that slips past them (to the API, the portal server or another origin) fails loudly.
 */
const pageFetch = globalThis.fetch.bind(globalThis);
globalThis.fetch = (input, init) => {
  const url = new URL(input instanceof Request ? input.url : String(input), window.location.href);
  if (
    url.origin !== window.location.origin ||
    /^\/(api|auth)(\/|$)/.test(url.pathname) ||
    url.pathname === '/config.json'
  ) {
    return Promise.reject(new Error(`A story must not reach the network: ${url.href}`));
  }
  return pageFetch(input, init);
};

const preview: Preview = {
  ...storyGlobals(languages),
  // Every story is a screen: the app at the path its `parameters.screen` names (screen.tsx).
  render: renderScreen,
  // The portal's i18next in the chosen language (its namespaces load as the pages ask).
  loaders: [
    async ({ globals }): Promise<StoryLoaded> => {
      const language = isLanguage(globals.locale) ? globals.locale : 'de';
      return {
        i18n: await createI18n(language, { awaitAllUiMessages: true }),
        language,
        theme: toTheme(globals.theme),
      };
    },
  ],
  decorators: [
    (Story, context) => {
      applyTheme(context.globals.theme);
      return <Story />;
    },
  ],
  parameters: {
    layout: 'fullscreen',
    // Accessibility violations fail the story's test.
    a11y: { test: 'error' },
    viewport: storyViewports,
  },
};

export default preview;
