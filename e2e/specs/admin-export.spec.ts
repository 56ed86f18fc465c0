// Administrators download the console's lists as they are shown (searched, sorted, filtered) as a
// CSV file a spreadsheet opens with its umlauts (issue #20.3).
import { readFile } from 'node:fs/promises';
import { account, demoApps } from '../helpers/accounts.ts';
import { expect, signInAs, test } from '../helpers/portal.ts';

test('the global administrator exports the users found by a search as CSV', async ({ page }) => {
  await signInAs(page, 'global-admin', '/admin/users');
  await expect(page.getByRole('heading', { level: 1, name: 'Benutzer' })).toBeVisible();
  await page.getByRole('searchbox').first().fill('hk-demo');
  await page
    .getByRole('columnheader', { name: /E-Mail/ })
    .getByRole('button')
    .click();
  await expect(page.getByRole('link', { name: 'Als CSV exportieren' })).toHaveAttribute(
    'href',
    /search=hk-demo.*sort=email/,
  );
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Als CSV exportieren' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^benutzer-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = await readFile(await download.path(), 'utf8');
  expect(text.startsWith('\uFEFFID,Name,Vorname,Nachname,E-Mail-Adresse,Firma')).toBe(true);
  const emails = text
    .trim()
    .split('\r\n')
    .slice(1)
    .map((line) => line.split(',')[4] ?? '');
  expect(emails).toContain(account('customer').email);
  expect(emails.every((email) => email.includes('hk-demo'))).toBe(true);
  expect(emails).toEqual([...emails].sort());
});

test('the global administrator exports the roles found by a search as CSV', async ({ page }) => {
  await signInAs(page, 'global-admin', '/admin/roles');
  await expect(page.getByRole('heading', { level: 1, name: 'Rollen' })).toBeVisible();
  await page.getByRole('searchbox').first().fill('plan');
  await expect(page.getByRole('link', { name: 'Als CSV exportieren' })).toHaveAttribute('href', /search=plan/);
  const [roles] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Als CSV exportieren' }).click(),
  ]);
  expect(roles.suggestedFilename()).toMatch(/^rollen-\d{4}-\d{2}-\d{2}\.csv$/);
  const roleText = await readFile(await roles.path(), 'utf8');
  expect(roleText.startsWith('\uFEFFID,Schlüssel,Bezeichnung,Beschreibung\r\n')).toBe(true);
  const roleLines = roleText.trim().split('\r\n');
  expect(roleLines.length).toBeGreaterThan(1);
  expect(roleLines.slice(1).every((line) => line.toLowerCase().includes('plan'))).toBe(true);
});

test("the application administrator exports the kitchen planner's open access requests as CSV", async ({ page }) => {
  await signInAs(page, 'app-admin', `/admin/${demoApps.kitchenPlanner}/access-requests`);
  await expect(page.getByRole('heading', { level: 1, name: 'Zugriffsanfragen' })).toBeVisible();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Als CSV exportieren' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^zugriffsanfragen-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = await readFile(await download.path(), 'utf8');
  expect(text.startsWith('\uFEFFID,Status,Angefragt am,Name,E-Mail-Adresse,Firma,Angefragter Kontozugang\r\n')).toBe(
    true,
  );
  const lines = text.trim().split('\r\n');
  expect(lines.slice(1).every((line) => line.split(',')[1] === 'OPEN')).toBe(true);
});
