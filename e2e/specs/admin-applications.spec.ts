// The admin console as the global administrator: create an application with a logo, a
// webhook, linked attributes and roles; see the release notice and the history; edit an
// attribute and a role; unsaved changes are not lost; every admin page passes axe.
import { assertAccessible, expect, signInAs, test } from '../helpers/portal.ts';
import {
  addTag,
  assertSaved,
  clickSave,
  field,
  fillAdminField,
  goToSection,
  historyTable,
  logoSvg,
  openRow,
  pick,
  sidebar,
} from '../helpers/admin.ts';

test('the global administrator creates an application with logo, webhook, attributes and roles', async ({ page }) => {
  await signInAs(page, 'global-admin', '/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Center' })).toBeVisible();
  for (const item of [
    'Benutzer',
    'Anwendungen',
    'Attribute',
    'Berechtigungen',
    'Rollen',
    'Kontozugänge',
    'Benutzerdefinierte Abläufe',
  ]) {
    await expect(sidebar(page).getByRole('link', { name: item, exact: true })).toBeVisible();
  }
  await assertAccessible(page);

  await goToSection(page, 'Anwendungen');
  await expect(page.getByRole('heading', { level: 1, name: 'Anwendungen' })).toBeVisible();
  await expect(
    page.getByRole('table', { name: 'Anwendungen' }).getByRole('link', { name: 'Küchenplaner' }),
  ).toBeVisible();
  await expect(page.getByText(/\d+–\d+ von \d+/)).toBeVisible();
  await assertAccessible(page);

  await page.getByRole('link', { name: 'Neu anlegen' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Neue Anwendung' })).toBeVisible();
  // A wrong URL is refused on the field, the input stays.
  await fillAdminField(page, 'Bezeichnung', 'Aufmaß-App');
  await fillAdminField(page, 'URL', 'javascript:alert(1)');
  await clickSave(page);
  await expect(page.getByText('javascript:alert(1) muss eine gültige URL sein')).toBeVisible();
  await expect(field(page, 'Bezeichnung')).toHaveValue('Aufmaß-App');

  await fillAdminField(page, 'URL', 'https://aufmass.hk-demo.test');
  await fillAdminField(page, 'Beschreibung', 'Aufmaße vor Ort erfassen.');
  await fillAdminField(page, 'Sortiernummer', '60');
  await fillAdminField(page, 'E-Mail für Benachrichtigungen', 'aufmass@hk-demo.test');
  await page
    .locator('input[type="file"]')
    .setInputFiles({ name: 'aufmass.svg', mimeType: 'image/svg+xml', buffer: logoSvg });
  await expect(page.getByRole('img', { name: 'Vorschau des Logos' })).toBeVisible();

  await pick(page, 'Attribut hinzufügen', 'Händler', 'Händlernummer');
  await pick(page, 'Attribut hinzufügen', 'Telefon', 'Telefon');
  await page.getByRole('checkbox', { name: 'Händlernummer ist Pflicht' }).check();
  await pick(page, 'Rolle hinzufügen', 'Planer', 'Planer');
  await page.getByRole('switch', { name: 'Webhook einrichten' }).click();
  await fillAdminField(page, 'Endpunkt-URL', 'https://aufmass.hk-demo.test/hooks/access');
  await fillAdminField(page, 'Benutzername (Basic Auth)', 'portal');
  await fillAdminField(page, 'Passwort (Basic Auth)', 'geheim-123');
  await addTag(page, 'Namen eigener Header', 'X-Kitchen');
  await fillAdminField(page, 'Wert von X-Kitchen', 'aufmass');
  await assertAccessible(page);

  await clickSave(page);
  await assertSaved(page);
  await expect(page).toHaveURL(/\/admin\/applications\/[0-9a-f-]{36}$/);
  // A new application must be released in the identity directory first.
  await expect(page.getByText('Anwendung noch nicht freigegeben')).toBeVisible();
  const portalLink = page.getByRole('link', {
    name: /Übersicht der Anwendung im Portal des Identitätsanbieters öffnen/,
  });
  await expect(portalLink).toHaveAttribute('href', /portal\.azure\.com.*appId\/[0-9a-f-]{36}/);
  await expect(
    page.getByRole('table', { name: 'Attribute' }).getByRole('rowheader', { name: 'Händlernummer' }),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Planer', exact: true })).toBeVisible();
  await expect(field(page, 'Passwort (Basic Auth)')).toHaveValue('');
  await expect(page.getByText('Ein Passwort ist gespeichert. Leer lassen, um es zu behalten.')).toBeVisible();
  await expect(historyTable(page).getByRole('cell', { name: 'Angelegt' }).first()).toBeVisible();
  await expect(historyTable(page)).not.toContainText('geheim-123');
  // Release before requests (#30.4): a new application is not requestable until requests are allowed.
  await expect(page.getByRole('switch', { name: 'Zugriffsanfragen erlaubt' })).toHaveAttribute('aria-checked', 'false');
  await expect(page.getByText(/Eine neue Anwendung ist nicht anfragbar/)).toBeVisible();
  await assertAccessible(page);

  // The new application appears in the list.
  await goToSection(page, 'Anwendungen');
  await openRow(page, 'Aufmaß', 'Aufmaß-App');
  await expect(page.getByRole('heading', { level: 1, name: 'Aufmaß-App' })).toBeVisible();
});

test("a new application is not in any user's catalogue before requests are allowed (#30.4)", async ({ page }) => {
  await signInAs(page, 'new-user', '/catalogue');
  await expect(page.getByRole('heading', { level: 1, name: 'Apps entdecken' })).toBeVisible();
  const catalogue = page.getByRole('list', { name: 'Apps entdecken' });
  // The catalogue lists what may be requested; the new application is not among them.
  await expect(catalogue.getByRole('listitem', { name: 'Küchenplaner' })).toBeVisible();
  await expect(catalogue.getByRole('listitem', { name: 'Aufmaß-App' })).toHaveCount(0);
  await page.getByRole('searchbox', { name: 'Anwendungen durchsuchen' }).fill('Aufmaß');
  await expect(page.getByText('Keine Anwendung passt zu „Aufmaß“.')).toBeVisible();
});

test('the global administrator edits an attribute and a role and sees their history', async ({ page }) => {
  await signInAs(page, 'global-admin', '/admin/attributes');
  await expect(page.getByRole('heading', { level: 1, name: 'Attribute' })).toBeVisible();
  // Each console page has its own tab title (#17.20).
  await expect(page).toHaveTitle('Attribute | HK Küchen');
  await assertAccessible(page);
  await openRow(page, 'Telefon', 'phone');
  await expect(field(page, 'Bezeichnung')).toHaveValue('Telefon');
  await expect(page).toHaveTitle('Telefon | HK Küchen');
  await fillAdminField(page, 'Bezeichnung', 'Telefon geschäftlich');

  // Leaving a dirty form asks first; staying keeps the input.
  await goToSection(page, 'Rollen');
  const leave = page.getByRole('alertdialog', { name: 'Ungespeicherte Änderungen verwerfen?' });
  await expect(leave.getByRole('heading', { name: 'Ungespeicherte Änderungen verwerfen?' })).toBeVisible();
  await leave.getByRole('button', { name: 'Abbrechen' }).click();
  await expect(page).toHaveURL(/\/admin\/attributes\//);
  await expect(field(page, 'Bezeichnung')).toHaveValue('Telefon geschäftlich');

  await clickSave(page);
  await assertSaved(page);
  // The toast stands above the sticky Save bar, not over it (#17.20).
  const toastBox = await page.getByText('Die Änderungen wurden gespeichert.').first().boundingBox();
  const saveBox = await page.getByRole('button', { name: 'Speichern' }).boundingBox();
  expect(toastBox !== null && saveBox !== null && toastBox.y + toastBox.height <= saveBox.y).toBe(true);
  await expect(historyTable(page).getByRole('cell', { name: 'Telefon geschäftlich' })).toBeVisible();
  await assertAccessible(page);

  await goToSection(page, 'Rollen');
  await expect(page.getByRole('heading', { level: 1, name: 'Rollen' })).toBeVisible();
  await assertAccessible(page);
  await openRow(page, 'Betrachter', 'Betrachter');
  await fillAdminField(page, 'Beschreibung', 'Sieht Bestellungen und Lieferstatus');
  await pick(page, 'Berechtigung hinzufügen', 'dealer_ordering.order', 'dealer_ordering.order');
  await clickSave(page);
  await assertSaved(page);
  await expect(historyTable(page).getByRole('cell', { name: 'Sieht Bestellungen und Lieferstatus' })).toBeVisible();
  await assertAccessible(page);
});

test('the global administrator sees every global list with paging, search and an empty state', async ({ page }) => {
  await signInAs(page, 'global-admin', '/admin/users');
  await expect(page.getByRole('heading', { level: 1, name: 'Benutzer' })).toBeVisible();
  await expect(page.getByText(/1–50 von \d+/)).toBeVisible();
  await page.getByRole('button', { name: 'Nächste Seite' }).click();
  await expect(page.getByText(/51–\d+ von \d+/)).toBeVisible();
  await page.getByLabel('Zeilen pro Seite').selectOption('10');
  await expect(page.getByText(/1–10 von \d+/)).toBeVisible();
  await page.getByRole('searchbox').first().fill('kein-solcher-benutzer');
  await expect(page.getByText('Keine Treffer für „kein-solcher-benutzer“.')).toBeVisible();
  await page.getByRole('searchbox').first().fill('Dana');
  await page.getByRole('link', { name: 'Dana Dealer' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Dana Dealer' })).toBeVisible();
  await assertAccessible(page);
  for (const [path, heading] of [
    ['/admin/permissions', 'Berechtigungen'],
    ['/admin/account-accesses', 'Kontozugänge'],
    ['/admin/custom-flows', 'Benutzerdefinierte Abläufe'],
  ] as const) {
    await sidebar(page).getByRole('link', { name: heading, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(page.getByRole('table', { name: heading }).getByRole('link').first()).toBeVisible();
    await assertAccessible(page);
    await page.getByRole('table', { name: heading }).getByRole('link').first().click();
    await expect(historyTable(page)).toBeVisible();
    await assertAccessible(page);
  }
});

test('on a phone (390×844) the console is usable: the drawer shows its first item, lists are stacked rows (#30.11)', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAs(page, 'global-admin', '/admin/users');
  await expect(page.getByRole('heading', { level: 1, name: 'Benutzer' })).toBeVisible();
  // Nothing scrolls sideways: the list's rows are stacks of their cells.
  const table = page.getByRole('table', { name: 'Benutzer' });
  await expect(table.getByRole('link').first()).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  expect(
    await table.evaluate((element) => {
      const box = element.parentElement;
      return box === null || box.scrollWidth <= box.clientWidth + 1;
    }),
  ).toBe(true);
  await assertAccessible(page);

  // The drawer opens under the whole top bar: its first item can be seen and clicked.
  const toggle = page.getByRole('button', { name: 'Navigation öffnen' });
  await toggle.click();
  const home = sidebar(page).getByRole('link', { name: 'Übersicht' });
  await expect(home).toBeVisible();
  const bar = await page.locator('header').first().boundingBox();
  const first = await home.boundingBox();
  expect((first?.y ?? 0) >= (bar?.y ?? 0) + (bar?.height ?? 0) - 1).toBe(true);
  // Escape closes it and leaves the focus on its button.
  await home.focus();
  await page.keyboard.press('Escape');
  await expect(toggle).toBeFocused();
  await toggle.click();
  await home.click();
  await expect(page).toHaveURL(/\/admin$/);
});
