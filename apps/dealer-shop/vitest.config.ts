import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'dealer-shop',
    include: ['src/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    reporters: ['default', ['json', { outputFile: 'test-results/dealer-shop.json' }]],
  },
});
