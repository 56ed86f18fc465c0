// A plain object: the layer rule allows `vitest` but not `vitest/config` in this package.
export default {
  test: {
    include: ['src/**/*.test.ts'],
    reporters: ['default', ['json', { outputFile: 'test-results/contract.json' }]],
  },
};
