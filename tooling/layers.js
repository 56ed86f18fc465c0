// The dependency table of the architecture document (shared/design/architecture.md §2),
// as data. The ESLint rule in ./eslint-layer-rule.js reads it; tests/architecture.test.ts
// proves that a forbidden import fails the lint.
//
// `allow`: only these bare imports (and relative ones inside the package) are legal.
// `deny`: these bare imports are illegal, anything else is fine.
// `testAllow`: extra bare imports for test files, stories and test helpers.
// `typeOnly`: bare imports allowed as `import type` / `export type` only.

const TEST_TOOLS = ['vitest', 'vitest/*', '@vitest/*', 'fast-check', 'node:*'];
/** What neither server (apps/api, apps/idp) may import: React, the browser's packages, the portal. */
const SERVER_DENY = [
  'react',
  'react-dom',
  '@portal/ui',
  '@portal/ui/*',
  '@portal/adapters',
  '@portal/adapters/*',
  '@portal/portal',
];

export const layers = {
  'packages/core': {
    // The contract's generated limits are the one value core imports from it (ADR 0024).
    allow: ['xstate', 'xstate/*', '@portal/contract/limits'],
    // The wire types the domain types are derived from: `import type` only (ADR 0015).
    typeOnly: ['@portal/contract'],
    // Tests check the hand-written decoders against the generated validators (ADR 0015).
    testAllow: [...TEST_TOOLS, '@portal/contract/validators', '@portal/contract/decode'],
  },
  'packages/contract': {
    // The run-time helpers of the generated validators (src/generated/validators.js, ADR 0015).
    allow: ['ajv/dist/runtime/*', 'ajv-formats/dist/formats.js'],
    testAllow: [...TEST_TOOLS, 'openapi-typescript', 'yaml', '@redocly/*', 'ajv', 'ajv/*', 'ajv-formats'],
    // The generator script runs in Node at development time only.
    scriptAllow: ['node:*', 'openapi-typescript', 'yaml', 'ajv', 'ajv/*', 'ajv-formats'],
  },
  'packages/adapters': {
    deny: [
      'react',
      'react-dom',
      'react/*',
      'react-dom/*',
      '@portal/ui',
      '@portal/ui/*',
      '@portal/portal',
      '@portal/api',
      '@portal/idp',
      '@headlessui/*',
    ],
  },
  'packages/ui': {
    deny: [
      '@portal/adapters',
      '@portal/adapters/*',
      '@portal/contract',
      '@portal/contract/*',
      '@portal/portal',
      '@portal/api',
      '@portal/idp',
      'openapi-fetch',
      'oauth4webapi',
      'jose',
    ],
  },
  // What both servers share (architecture §2): the provider's configuration and its checks; the
  // database (Kysely over PGlite or pg), its advisory locks and its migrator (issue #31.4).
  'packages/server': {
    deny: [
      ...SERVER_DENY,
      '@portal/api',
      '@portal/api/*',
      '@portal/idp',
      '@portal/idp/*',
      '@portal/portal-server',
      'effect',
      'hono',
    ],
  },
  'apps/portal': {
    deny: ['@portal/api', '@portal/api/*', '@portal/idp', '@portal/idp/*'],
  },
  'apps/portal-server': {
    deny: ['@portal/api', '@portal/api/*', '@portal/idp', '@portal/idp/*'],
  },
  'apps/api': {
    deny: [...SERVER_DENY, '@portal/idp', '@portal/idp/*'],
  },
  'apps/idp': {
    deny: [...SERVER_DENY, '@portal/api', '@portal/api/*', '@portal/core', '@portal/core/*'],
  },
};
