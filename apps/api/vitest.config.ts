// API tests on the embedded PostgreSQL (PGlite): one database per test file. `*.server.test.ts`
// need two connections at once (PGlite has one): only the server suite runs them.
import { configDefaults, defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'api-pglite',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    exclude: [...configDefaults.exclude, '**/*.server.test.ts'],
    provide: { postgresUrl: '' },
    testTimeout: 60_000,
    hookTimeout: 120_000,
    maxWorkers: 2,
    reporters: ['default', ['json', { outputFile: 'test-results/api-pglite.json' }]],
  },
});
