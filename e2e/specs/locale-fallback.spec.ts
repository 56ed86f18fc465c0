// A translation file that cannot be loaded (spec §8: only logged) never leaves raw keys on
// screen: the page falls back to German, then English (spec §9, #17.4).
import type { Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { account, messages, text } from '../helpers/accounts.ts';
import { chooseLanguage, expect, openUserMenu, signInAs, test } from '../helpers/portal.ts';

/** The built file of one language's namespace, from the portal's build manifest. */
function localeChunk(language: string, namespace: string): string {
  const manifest = JSON.parse(
    readFileSync(join(import.meta.dirname, '../../apps/portal/dist/.vite/manifest.json'), 'utf8'),
  ) as Record<string, { file: string }>;
  const entry = manifest[`src/locales/${language}/${namespace}.json`];
  if (entry === undefined) throw new Error(`no built file for ${language}/${namespace}`);
  return entry.file;
}

async function missing(page: Page, language: string, namespace: string): Promise<void> {
  const file = localeChunk(language, namespace);
  await page.route(`**/${file}`, (route) => route.fulfill({ status: 404, body: '' }));
}

test('the French settings texts cannot be loaded: the settings page is in German', async ({ page }) => {
  await missing(page, 'fr', 'settings');
  await signInAs(page, 'customer');
  await chooseLanguage(page, 'Français');
  await page.goto('/settings');
  await expect(page.getByRole('link', { name: text(messages('settings', 'de'), 'tabs.personal') })).toBeVisible();
  await expect(page.getByText('tabs.personal')).toHaveCount(0);
});

test('the German settings texts cannot be loaded: the settings page is in English', async ({ page }) => {
  await missing(page, 'de', 'settings');
  await signInAs(page, 'customer');
  await page.goto('/settings');
  await expect(page.getByRole('link', { name: text(messages('settings', 'en'), 'tabs.personal') })).toBeVisible();
  await expect(page.getByText('tabs.personal')).toHaveCount(0);
});

test('the German settings texts fail once: tried again, the page is in German (#30.9)', async ({ page }) => {
  const file = localeChunk('de', 'settings');
  let requests = 0;
  await page.route(`**/${file}`, async (route) => {
    requests += 1;
    if (requests === 1) await route.fulfill({ status: 503, body: '' });
    else await route.continue();
  });
  await signInAs(page, 'customer');
  // To the settings in the browser (not a page the server renders): the browser loads their texts.
  await openUserMenu(page, account('customer'));
  await page.getByRole('menuitem', { name: 'Einstellungen' }).click();
  await expect(page.getByRole('link', { name: text(messages('settings', 'de'), 'tabs.personal') })).toBeVisible();
  expect(requests).toBe(2);
  await expect(page.getByText('tabs.personal')).toHaveCount(0);
});

test('no language has the settings texts: the page says so instead of raw keys, and a retry shows it (#30.9)', async ({
  page,
}) => {
  await missing(page, 'de', 'settings');
  await missing(page, 'en', 'settings');
  await signInAs(page, 'customer');
  await page.goto('/settings');
  await expect(page.getByText('Die Texte dieser Seite konnten nicht geladen werden.')).toBeVisible();
  await expect(page.getByText('tabs.personal')).toHaveCount(0);
  await expect(page.getByText('heading', { exact: true })).toHaveCount(0);
  // The connection is back.
  await page.unrouteAll();
  await page.getByRole('button', { name: 'Erneut versuchen' }).click();
  await expect(page.getByRole('link', { name: text(messages('settings', 'de'), 'tabs.personal') })).toBeVisible();
});
