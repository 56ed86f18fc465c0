// One lint configuration for the whole workspace. Each package runs `eslint .`; ESLint
// finds this file by walking up. The layer rule enforces architecture §2.
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import importX from 'eslint-plugin-import-x';
import layers from './tooling/eslint-layer-rule.js';

const platformGlobals = [
  'window',
  'document',
  'fetch',
  'localStorage',
  'sessionStorage',
  'crypto',
  'navigator',
  'location',
  'setTimeout',
  'setInterval',
  'clearTimeout',
  'clearInterval',
  'requestAnimationFrame',
  'XMLHttpRequest',
  'performance',
  'indexedDB',
].map((name) => ({
  name,
  message: `packages/core reaches the platform only through a port (architecture §3): ${name}`,
}));

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-ssr/**',
      '**/storybook-static/**',
      '**/test-results/**',
      '**/coverage/**',
      '**/.tools/**',
      '**/.data/**',
      '**/src/generated/**',
      '**/playwright-report/**',
    ],
  },
  js.configs.recommended,
  // The type-checked set (issue #31.6): a promise nobody awaits or handles, a promise where a
  // callback's result is ignored, an `await` of a non-promise, a value of type `any` used as if
  // it were typed, a thrown non-Error, a method passed without its object.
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      // Off (ADR 0027): a port is implemented by plain async functions (ADR 0005), so a throw is a
      // rejection; all 232 findings were such implementations (fakes, adapters, oidc-provider's Adapter).
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    // Plain JavaScript (configuration files, the tooling's helpers) has no types to check.
    files: ['**/*.{js,mjs,cjs}'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    plugins: { layers },
    languageOptions: { ecmaVersion: 2024, sourceType: 'module', globals: { ...globals.node } },
    rules: {
      'layers/imports': 'error',
      'no-restricted-syntax': [
        'error',
        {
          selector: 'ExportAllDeclaration',
          message: 'No `export *` barrels: name what a package exports (conventions, habit 1).',
        },
      ],
      '@typescript-eslint/no-non-null-assertion': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['packages/core/src/**/*.ts'],
    ignores: ['packages/core/src/**/*.test.ts'],
    languageOptions: { globals: {} },
    rules: {
      'no-restricted-globals': ['error', ...platformGlobals],
      'no-restricted-syntax': [
        'error',
        { selector: 'ExportAllDeclaration', message: 'No `export *` barrels.' },
        {
          selector: "CallExpression[callee.object.name='Math'][callee.property.name='random']",
          message: 'Randomness comes from the Random port.',
        },
        {
          selector: "CallExpression[callee.object.name='Date'][callee.property.name='now']",
          message: 'Time comes from the Clock port.',
        },
        {
          selector: "NewExpression[callee.name='Date'][arguments.length=0]",
          message: 'Time comes from the Clock port.',
        },
      ],
    },
  },
  {
    files: ['packages/ui/src/**/*.tsx', 'apps/portal/src/**/*.tsx'],
    ignores: ['**/*.test.tsx', '**/*.stories.tsx'],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: 'ExportAllDeclaration', message: 'No `export *` barrels.' },
        {
          selector: 'JSXText[value=/[A-Za-zÀ-ÿ]/]',
          message: 'No human text outside the locale files: use a translation key.',
        },
        {
          selector:
            'JSXAttribute[name.name=/^(title|alt|aria-label|placeholder|label)$/] > Literal[value=/[A-Za-zÀ-ÿ]/]',
          message: 'No human text outside the locale files: use a translation key.',
        },
      ],
    },
  },
  {
    // Beyond the type-checked set: a switch that misses a case of a union.
    files: ['**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/switch-exhaustiveness-check': ['error', { considerDefaultExhaustiveForUnions: true }],
    },
  },
  {
    // No import cycles inside a package (ADR 0016). Packages cannot form one between them:
    // the layer table and the workspace's dependencies only point one way, so an import of
    // another package (external to this one) is not followed. Type-only imports vanish at
    // run time and are not counted; a lazy `import()` (a route table's page) is evaluated
    // after the module that holds it, so a cycle through one is allowed.
    files: ['**/*.{ts,tsx,js}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [importX.createNodeResolver()],
      'import-x/extensions': ['.ts', '.tsx', '.js'],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true, allowUnsafeDynamicCyclicDependency: true }] },
  },
  {
    // XState's `setup({ types: { context: {} as C } })` and typed placeholder actions declare
    // types through assertions the rule reads as unnecessary.
    files: ['packages/core/src/machines/**/*.machine.ts'],
    rules: { '@typescript-eslint/no-unnecessary-type-assertion': 'off' },
  },
  {
    // React: the rules of hooks, and the accessibility rules that can be read from the markup.
    files: ['packages/ui/src/**/*.tsx', 'apps/portal/src/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      ...jsxA11y.flatConfigs.recommended.rules,
      // A dialog's first control (Headless UI's `autoFocus` on a component) is where focus belongs when it opens.
      'jsx-a11y/no-autofocus': ['error', { ignoreNonDOM: true }],
    },
  },
  {
    files: [
      '**/*.{test,spec}.{ts,tsx}',
      '**/*.stories.tsx',
      'e2e/**/*.ts',
      'apps/portal/src/**/*.ts',
      'packages/adapters/src/**/*.ts',
    ],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
  },
);
