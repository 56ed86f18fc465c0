// End-to-end specs drive the whole local stack (portal production build, reference API on a
// fresh embedded database with demo data, local OpenID provider, demo client app) in
// Debian's Chromium. The stack runs on its own ports so a developer's `npm start` can stay up.
import { defineConfig } from '@playwright/test';
import { join } from 'node:path';
import { chromiumLaunchOptions } from '@portal/tooling/chromium';

const root = join(import.meta.dirname, '..');
// E2E_PORT_OFFSET moves the whole stack (two checkouts can run their specs side by side).
const offset = Number(process.env.E2E_PORT_OFFSET ?? 0);
export const e2ePorts = {
  PORTAL_PORT: String(5273 + offset),
  API_PORT: String(4100 + offset),
  IDP_PORT: String(4101 + offset),
  DEALER_SHOP_PORT: String(4102 + offset),
  // MailDev (#29): the stack's SMTP server and the REST API the mail specs read.
  MAILDEV_SMTP_PORT: String(1125 + offset),
  MAILDEV_WEB_PORT: String(1180 + offset),
};
// The stack's data (the API's database, the provider's keys, accounts and directory groups).
const stackDataDir = join(root, offset ? `.data/e2e-${offset}` : '.data/e2e');
// Specs and helpers read the ports and the data directory from the environment
// (e2e/helpers/accounts.ts, e2e/helpers/directory.ts).
Object.assign(process.env, e2ePorts, { STACK_DATA_DIR: stackDataDir });

export default defineConfig({
  testDir: './specs',
  outputDir: './test-results/artifacts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  forbidOnly: true,
  reporter: [['list'], ['json', { outputFile: 'test-results/e2e.json' }]],
  use: {
    baseURL: `http://localhost:${e2ePorts.PORTAL_PORT}`,
    locale: 'de-DE',
    timezoneId: 'Europe/Berlin',
    trace: 'retain-on-failure',
    launchOptions: chromiumLaunchOptions,
  },
  // Two projects on the one stack, neither depending on the other: a failing user-side spec does
  // not skip the console's. The one worker runs them in this order (each project's files by name),
  // but no spec relies on it: a spec prepares the data it reads and leaves the demo data the
  // others read as it found it (docs/testing.md, "The end-to-end specs").
  projects: [
    { name: 'portal', testIgnore: /admin-.*\.spec\.ts/ },
    { name: 'admin', testMatch: /admin-.*\.spec\.ts/ },
  ],
  globalSetup: './global-setup.ts',
  webServer: {
    command: 'node scripts/stack.ts --fresh --quiet',
    cwd: root,
    url: `http://localhost:${e2ePorts.PORTAL_PORT}/config.json`,
    timeout: 600_000, // the stack builds the portal first when turbo's cache is cold
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      ...e2ePorts,
      STACK_DATA_DIR: stackDataDir,
      NODE_ENV: 'development',
    },
  },
});
