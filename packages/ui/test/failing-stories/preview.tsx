import type { Preview } from '@storybook/react-vite';
import { StoryUiTextProvider } from '../../src/i18n/story-provider.tsx';
import '../../src/styles.css';

// The same checks as the real Storybook (../../.storybook/preview.tsx): a11y violations fail.
const preview: Preview = {
  decorators: [
    (Story) => (
      <StoryUiTextProvider>
        <Story />
      </StoryUiTextProvider>
    ),
  ],
  parameters: {
    a11y: { test: 'error' },
  },
};

export default preview;
