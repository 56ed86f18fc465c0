// The scale-out test (issue #21): two API and two portal-server instances on one PostgreSQL
// behind HAProxy, under load, with an instance of each killed and restarted, counting webhook
// deliveries and mails. Bounded: about 3 to 4 minutes in all (at most 5); it needs Debian's
// PostgreSQL and HAProxy (the test script installs them).
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'scale-out',
    include: ['src/scale-out.test.ts'],
    hookTimeout: 240_000,
    testTimeout: 300_000,
    reporters: ['default', ['json', { outputFile: 'test-results/scale-out.json' }]],
  },
});
