import { join } from 'node:path';
import { defineConfig } from 'vitest/config';

// The workspace's own checks: the architecture tests (tests/) and the tests of the scripts that
// start the stack's servers (scripts/, e.g. the third-party OpenID provider of scripts/lemonldap.ts).
export default defineConfig({
  test: {
    root: import.meta.dirname,
    dir: join(import.meta.dirname, '..'),
    include: ['tests/*.test.ts', 'scripts/*.test.ts'],
    testTimeout: 60_000,
    reporters: ['default', ['json', { outputFile: 'test-results/architecture.json' }]],
  },
});
