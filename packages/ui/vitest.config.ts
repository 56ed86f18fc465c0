import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { storybookTest } from '@storybook/addon-vitest/vitest-plugin';
import { playwright } from '@vitest/browser-playwright';
import type { BrowserProviderOption } from 'vitest/node';
import { chromiumLaunchOptions, storyProjects } from '@portal/tooling/chromium';

const dirname = path.dirname(fileURLToPath(import.meta.url));

/** The cast bridges two copies of vitest's types that pnpm keeps for different peer sets (test/failing-stories/ uses it too). */
export const chromium = playwright({ launchOptions: chromiumLaunchOptions }) as unknown as BrowserProviderOption;

export default defineConfig({
  test: {
    reporters: ['default', ['json', { outputFile: 'test-results/stories.json' }]],
    projects: [
      // Every story (.storybook/), in the light theme and again in the dark one.
      ...storyProjects({ configDir: path.join(dirname, '.storybook'), storybookTest, provider: chromium }),
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
