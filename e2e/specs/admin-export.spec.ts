// The global administrator downloads the user list as it is shown, searched and sorted, as a
// CSV file a spreadsheet opens with its umlauts (issue #20.3).
import { readFile } from 'node:fs/promises';
import { account } from '../helpers/accounts.ts';
import { expect, signInAs, test } from '../helpers/portal.ts';

test('the global administrator exports the users found by a search as CSV', async ({ page }) => {
  await signInAs(page, 'global-admin', '/admin/users');
  await expect(page.getByRole('heading', { level: 1, name: 'Benutzer' })).toBeVisible();
  await page.getByRole('searchbox').first().fill('hk-demo');
  await page.getByRole('columnheader', { name: /E-Mail/ }).getByRole('button').click();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Als CSV exportieren' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^benutzer-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = await readFile(await download.path(), 'utf8');
  expect(text.startsWith('\uFEFFID,Name,Vorname,Nachname,E-Mail-Adresse,Firma')).toBe(true);
  const emails = text.trim().split('\r\n').slice(1).map((line) => line.split(',')[4] ?? '');
  expect(emails).toContain(account('customer').email);
  expect(emails.every((email) => email.includes('hk-demo'))).toBe(true);
  expect(emails).toEqual([...emails].sort());
});
