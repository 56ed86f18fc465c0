// End-to-end specs drive the whole local stack (portal production build, reference API on a
// fresh embedded database with demo data, local OpenID provider, demo client app) in
// Debian's Chromium. The stack runs on its own ports so a developer's `npm start` can stay up.
import { defineConfig } from '@playwright/test';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
export const e2ePorts = { PORTAL_PORT: '5273', API_PORT: '4100', IDP_PORT: '4101', DEALER_SHOP_PORT: '4102' };

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
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
  },
  globalSetup: './global-setup.ts',
  webServer: {
    command: 'node scripts/stack.ts --fresh --quiet',
    cwd: root,
    url: `http://localhost:${e2ePorts.PORTAL_PORT}/config.json`,
    timeout: 240_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
    env: { ...e2ePorts, STACK_DATA_DIR: join(root, '.data/e2e'), NODE_ENV: 'development' },
  },
});
