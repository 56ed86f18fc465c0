// The bundle budgets (bytes do not drift, so they are asserted). Times are never asserted
// here: `pnpm bench` prints them.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'bundle',
    include: ['src/**/*.test.ts'],
    exclude: ['src/scale-out.test.ts'],
    // Building the portal (when its dist is missing or stale) takes a minute on 2 busy cores.
    hookTimeout: 600_000,
    testTimeout: 30_000,
    reporters: ['default', ['json', { outputFile: 'test-results/bundle.json' }]],
  },
});
