import type { StorybookConfig } from '@storybook/react-vite';

// A Storybook of stories that must fail: proves that a broken interaction and an
// accessibility violation fail the story tests (see ../failing-stories.test.ts).
const config: StorybookConfig = {
  stories: ['./deliberately-failing.stories.tsx'],
  addons: ['@storybook/addon-vitest', '@storybook/addon-a11y'],
  framework: { name: '@storybook/react-vite', options: {} },
  core: { disableTelemetry: true },
};

export default config;
