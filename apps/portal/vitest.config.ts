import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { storybookTest } from '@storybook/addon-vitest/vitest-plugin';
import { playwright } from '@vitest/browser-playwright';
import type { BrowserProviderOption } from 'vitest/node';
import { chromiumLaunchOptions, storyProjects } from '@portal/tooling/chromium';

const dirname = path.dirname(fileURLToPath(import.meta.url));

/** The cast bridges two copies of vitest's types that pnpm keeps for different peer sets. */
const chromium = playwright({ launchOptions: chromiumLaunchOptions }) as unknown as BrowserProviderOption;

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
      // The screens' stories (.storybook/); a file's first story waits for the dev server to
      // transform the app (cold: seconds).
      ...storyProjects({
        configDir: path.join(dirname, '.storybook'),
        storybookTest,
        provider: chromium,
        testTimeout: 60_000,
      }),
    ],
  },
});
