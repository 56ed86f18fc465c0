import type { Preview } from '@storybook/react-vite';
import { StoryUiTextProvider } from '../src/i18n/story-provider.tsx';
import { uiLanguages, type UiLanguage } from '../src/locales/index.ts';
import '../src/styles.css';

function isLanguage(value: unknown): value is UiLanguage {
  return typeof value === 'string' && (uiLanguages as readonly string[]).includes(value);
}

const preview: Preview = {
  globalTypes: {
    locale: {
      description: 'Interface language',
      toolbar: { icon: 'globe', items: [...uiLanguages], dynamicTitle: true },
    },
  },
  initialGlobals: { locale: 'de' },
  decorators: [
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
