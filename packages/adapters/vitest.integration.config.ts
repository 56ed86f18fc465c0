import { defineConfig } from 'vitest/config';

// Integration tests: the adapters against the real local identity provider and API,
// started as child processes by src/integration/stack.ts.
export default defineConfig({
  test: {
    name: 'adapters-integration',
    include: ['src/**/*.integration.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 180_000,
    reporters: ['default', ['json', { outputFile: 'test-results/adapters-integration.json' }]],
  },
});
