// A plain object: the layer rule allows `vitest` but not `vitest/config` in core (see CONTEXT.md).
export default {
  test: {
    include: ['src/**/*.test.ts'],
    // The machine is shared by several builds: generous limits, so load never fails a test.
    testTimeout: 30_000,
    hookTimeout: 30_000,
    reporters: ['default', ['json', { outputFile: 'test-results/core.json' }]],
    coverage: {
      provider: 'v8',
      include: ['src/**/*.ts'],
      // Test infrastructure (in-memory ports) and type-only files are not product code.
      exclude: [
        'src/**/*.test.ts',
        'src/**/*.test-helpers.ts',
        'src/testing/**',
        'src/**/*.types.ts',
        'src/ports/**',
        'src/index.ts',
      ],
      reporter: ['text-summary', 'json-summary'],
      reportsDirectory: 'coverage',
      thresholds: { branches: 95, statements: 95, functions: 95, lines: 95 },
    },
  },
};
