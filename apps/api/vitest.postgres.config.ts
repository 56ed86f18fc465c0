// The same API tests against Debian's PostgreSQL server, when its binaries are installed
// (CI installs them; see scripts/toolchain.sh). Without them this run has no tests.
import { defineConfig } from 'vitest/config';
import { postgresBin } from '@portal/tooling/postgres-server';

const available = postgresBin() !== undefined;
if (!available) console.warn('api: no PostgreSQL server binaries found; the server suite is skipped on this machine.');

export default defineConfig({
  test: {
    name: 'api-postgres',
    include: available ? ['test/**/*.test.ts'] : [],
    passWithNoTests: true,
    globalSetup: available ? ['test/postgres-setup.ts'] : [],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    maxWorkers: 2,
    reporters: ['default', ['json', { outputFile: 'test-results/api-postgres.json' }]],
  },
});
