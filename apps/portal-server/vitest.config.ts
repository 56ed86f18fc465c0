import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'portal-server',
    include: ['src/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    reporters: ['default', ['json', { outputFile: 'test-results/portal-server.json' }]],
  },
});
