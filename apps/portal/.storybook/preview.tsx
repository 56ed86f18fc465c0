import type { Preview } from '@storybook/react-vite';
import { themeAttribute, toTheme } from '@portal/core';
import { createI18n } from '../src/i18n/i18n.ts';
import { isLanguage, languages } from '../src/i18n/languages.ts';
import type { StoryLoaded } from './screen.tsx';
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
  globalTypes: {
    locale: {
      description: 'Interface language',
      toolbar: { icon: 'globe', items: [...languages], dynamicTitle: true },
    },
    theme: {
      description: 'Colour scheme',
      toolbar: { icon: 'mirror', items: ['system', 'light', 'dark'], dynamicTitle: true },
    },
  },
  initialGlobals: { locale: 'de', theme: 'system' },
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
    viewport: {
      options: {
        phone: { name: 'Phone 360', styles: { width: '360px', height: '740px' }, type: 'mobile' },
        tablet: { name: 'Tablet 768', styles: { width: '768px', height: '1024px' }, type: 'tablet' },
        wide: { name: 'Wide 1440', styles: { width: '1440px', height: '900px' }, type: 'desktop' },
      },
    },
  },
};

export default preview;
