import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { storybookTest } from '@storybook/addon-vitest/vitest-plugin';
import { playwright } from '@vitest/browser-playwright';
import type { BrowserProviderOption } from 'vitest/node';

const dirname = path.dirname(fileURLToPath(import.meta.url));

/**
 * Debian's Chromium; never `playwright install`. The cast bridges two copies of vitest's
 * types that pnpm keeps for different peer sets; at run time it is one vitest.
 */
export const chromium = playwright({
  launchOptions: {
    executablePath: '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  },
}) as unknown as BrowserProviderOption;

/** Every story (.storybook/) in Chromium with its interactions and axe, in one forced theme. */
const stories = (name: string, theme: 'light' | 'dark') => ({
  extends: true,
  plugins: [storybookTest({ configDir: path.join(dirname, '.storybook'), initialGlobals: { theme } })],
  test: {
    name,
    browser: { enabled: true, headless: true, provider: chromium, instances: [{ browser: 'chromium' as const }] },
  },
});

export default defineConfig({
  test: {
    reporters: ['default', ['json', { outputFile: 'test-results/stories.json' }]],
    projects: [
      // The light theme, forced (the browser's own preference must not decide).
      stories('storybook', 'light'),
      // Every story again in the dark theme: interactions and accessibility checks.
      stories('storybook-dark', 'dark'),
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'node',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          testTimeout: 120_000,
        },
      },
    ],
  },
});
