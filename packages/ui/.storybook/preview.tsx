import type { Preview } from '@storybook/react-vite';
import { StoryUiTextProvider } from '../src/i18n/story-provider.tsx';
import { uiLanguages, type UiLanguage } from '../src/locales/index.ts';
import { storyGlobals, storyViewports } from '@portal/tooling/storybook';
import '../src/styles.css';

/** Forces a theme the way an app can: data-theme on <html> (the tokens use light-dark()). */
function applyTheme(theme: unknown) {
  if (theme === 'light' || theme === 'dark') document.documentElement.dataset.theme = theme;
  else delete document.documentElement.dataset.theme;
}

function isLanguage(value: unknown): value is UiLanguage {
  return typeof value === 'string' && (uiLanguages as readonly string[]).includes(value);
}

const preview: Preview = {
  ...storyGlobals(uiLanguages),
  decorators: [
    (Story, context) => {
      applyTheme(context.globals.theme);
      return <Story />;
    },
    (Story, context) => (
      <StoryUiTextProvider language={isLanguage(context.globals.locale) ? context.globals.locale : 'de'}>
        <Story />
      </StoryUiTextProvider>
    ),
  ],
  parameters: {
    layout: 'padded',
    // Accessibility violations fail the story's test.
    a11y: { test: 'error' },
    controls: { expanded: true },
    viewport: storyViewports,
  },
};

export default preview;
