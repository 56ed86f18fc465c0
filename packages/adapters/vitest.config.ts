import { defineConfig } from 'vitest/config';

// Unit tests (Node, fake fetch / in-memory cookie jar). The integration tests against the
// real local provider and API have their own config: vitest.integration.config.ts.
export default defineConfig({
  test: {
    name: 'adapters-unit',
    include: ['src/**/*.test.ts'],
    exclude: ['src/**/*.integration.test.ts'],
    reporters: ['default', ['json', { outputFile: 'test-results/adapters-unit.json' }]],
  },
});
