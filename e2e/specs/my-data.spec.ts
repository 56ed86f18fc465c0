// A customer downloads everything the portal holds about them from settings → security
// (issue #20.4, GDPR Art. 15 and 20): one JSON file with profile, access, requests and history.
import { readFile } from 'node:fs/promises';
import { account } from '../helpers/accounts.ts';
import { clickButton, expect, goToSettings, signInAs, test } from '../helpers/portal.ts';

test('a customer downloads their data as one JSON file', async ({ page }) => {
  await signInAs(page, 'customer');
  await goToSettings(page, 'Sicherheit');
  await expect(page.getByRole('heading', { name: 'Meine Daten' })).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent('download'), clickButton(page, 'Meine Daten herunterladen')]);
  expect(download.suggestedFilename()).toMatch(/^hk-portal-meine-daten-\d{4}-\d{2}-\d{2}\.json$/);
  const data = JSON.parse(await readFile(await download.path(), 'utf8')) as {
    profile: { email: string };
    applications: { label: string }[];
    accessRequests: { application: string }[];
    history: { about: boolean }[];
  };
  expect(data.profile.email).toBe(account('customer').email);
  expect(data.accessRequests.map((r) => r.application)).toContain('Marketing-Downloads');
  expect(data.history.some((h) => h.about)).toBe(true);
  await expect(page.getByText('Ihre Daten wurden heruntergeladen.')).toBeVisible();
});
