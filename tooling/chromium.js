// Debian's Chromium (ADR 0002; never `playwright install`) as every headless run here starts
// it: the stories of packages/ui and apps/portal (vitest's browser mode), the end-to-end
// specs (e2e/playwright.config.ts) and the benchmark (bench/src/browser.ts).

/** Playwright's launch options: the browser's path (CHROMIUM_PATH overrides) and its flags. */
export const chromiumLaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-dev-shm-usage',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
};

/**
 * A package's stories (its .storybook/) as two vitest projects run in headless Chromium with
 * their interactions and axe, each in one forced theme (the browser's own preference must not
 * decide): `storybook` (light) and `storybook-dark`. The caller passes Storybook's vitest
 * plugin and the browser provider (this package has no dependencies).
 */
export function storyProjects({ configDir, storybookTest, provider, testTimeout }) {
  return [
    ['storybook', 'light'],
    ['storybook-dark', 'dark'],
  ].map(([name, theme]) => ({
    extends: true,
    plugins: [storybookTest({ configDir, initialGlobals: { theme } })],
    test: {
      name,
      ...(testTimeout === undefined ? {} : { testTimeout }),
      browser: { enabled: true, headless: true, provider, instances: [{ browser: 'chromium' }] },
    },
  }));
}
