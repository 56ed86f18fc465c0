import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { storybookTest } from '@storybook/addon-vitest/vitest-plugin';
import { playwright } from '@vitest/browser-playwright';
import type { BrowserProviderOption } from 'vitest/node';

const dirname = path.dirname(fileURLToPath(import.meta.url));

/**
 * Debian's Chromium (ADR 0002; never `playwright install`), as packages/ui runs its stories.
 * The cast bridges two copies of vitest's types that pnpm keeps for different peer sets.
 */
const chromium = playwright({
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
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

/** The screens' stories (.storybook/), run in Chromium with axe, in one forced theme. */
const stories = (name: string, theme: 'light' | 'dark') => ({
  extends: true,
  plugins: [storybookTest({ configDir: path.join(dirname, '.storybook'), initialGlobals: { theme } })],
  test: {
    name,
    // A file's first story waits for the dev server to transform the app (cold: seconds).
    testTimeout: 60_000,
    browser: { enabled: true, headless: true, provider: chromium, instances: [{ browser: 'chromium' as const }] },
  },
});

export default defineConfig({
  test: {
    reporters: ['default', ['json', { outputFile: 'test-results/portal.json' }]],
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'happy-dom',
          setupFiles: ['src/test-setup.ts'],
          include: ['src/**/*.test.ts', 'src/**/*.test.tsx', '*.test.ts'],
        },
      },
      stories('storybook', 'light'),
      stories('storybook-dark', 'dark'),
    ],
  },
});
