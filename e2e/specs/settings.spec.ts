// Settings: each tab, a saved change, an attribute edit and the refusal of a non-editable one.
import { demoApps, urls } from '../helpers/accounts.ts';
import { assertAccessible, clickButton, expect, fillField, goToSettings, signInAs, test } from '../helpers/portal.ts';

test('a partner walks through every settings tab and saves personal details', async ({ page }) => {
  await signInAs(page, 'partner');
  await goToSettings(page);
  await expect(page.getByRole('heading', { name: 'Persönliche Daten' })).toBeVisible();
  await expect(page.getByLabel('Vorname')).toHaveValue('Dana');
  await expect(page.getByLabel('Ort')).toHaveValue('Hamburg');
  await assertAccessible(page);

  await fillField(page, 'Firma', 'Küchenstudio Nord GmbH & Co. KG');
  await clickButton(page, 'Speichern');
  await expect(page.getByText('Die Änderungen wurden gespeichert.')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Firma')).toHaveValue('Küchenstudio Nord GmbH & Co. KG');

  await page.getByRole('link', { name: 'Sicherheit' }).click();
  await expect(page).toHaveURL(`${urls.portal}/settings/security`);
  // Links to the portal server's start, styled as buttons (#28.12: they work before the script runs).
  await expect(page.getByRole('link', { name: 'E-Mail-Adresse ändern' })).toHaveAttribute(
    'href',
    '/auth/login?policy=email&returnPath=%2Fsettings%2Fsecurity',
  );
  await expect(page.getByRole('link', { name: 'Passwort ändern' })).toHaveAttribute(
    'href',
    '/auth/login?policy=password&returnPath=%2Fsettings%2Fsecurity',
  );
  await assertAccessible(page);

  await page.getByRole('link', { name: 'Anwendungen', exact: true }).click();
  await expect(page).toHaveURL(`${urls.portal}/settings/applications`);
  await expect(page.getByRole('link', { name: new RegExp(demoApps.dealerShopLabel) })).toBeVisible();
  await assertAccessible(page);

  // By keyboard to another page: the focus is on its heading, not on the page body (#30.11).
  await page.getByRole('link', { name: new RegExp(demoApps.dealerShopLabel) }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: demoApps.dealerShopLabel })).toBeVisible();
  await expect(page.locator('#main h1').first()).toBeFocused();
});

test('a partner edits an own attribute; a failed save keeps the input and says why', async ({ page }) => {
  await signInAs(page, 'partner');
  await page.goto(`/settings/applications/${demoApps.servicePortal}`);
  await expect(page.getByRole('heading', { name: 'Serviceportal' })).toBeVisible();
  await fillField(page, 'Telefon', '+49 40 987654');
  await clickButton(page, 'Speichern');
  await expect(page.getByText('Die Änderungen wurden gespeichert.')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Telefon')).toHaveValue('+49 40 987654');
  await assertAccessible(page);

  // The server refuses the next save (#17.3): the input stays, the field's message shows once, beside it.
  const refuse = (errors: readonly { field?: string; message: string }[]) =>
    page.route('**/My/Attributes', (route) =>
      route.fulfill({
        status: 400,
        contentType: 'application/json',
        body: JSON.stringify({ error: { code: '400', message: 'Die Eingaben sind ungültig.', errors } }),
      }),
    );
  await refuse([{ field: 'phone', message: 'Bitte eine gültige Telefonnummer angeben.' }]);
  await fillField(page, 'Telefon', 'abc');
  await clickButton(page, 'Speichern');
  await expect(page.getByLabel('Telefon')).toHaveValue('abc');
  await expect(page.getByLabel('Telefon')).toHaveAccessibleDescription(/Bitte eine gültige Telefonnummer angeben\./);
  await expect(page.getByText('Bitte eine gültige Telefonnummer angeben.')).toHaveCount(1);
  await expect(page.getByText('Nicht gespeichert', { exact: false })).toHaveCount(0);
  await assertAccessible(page);

  // A message that names no field of the form: in the form's alert, with the reason.
  await page.unroute('**/My/Attributes');
  await refuse([
    { field: 'phone', message: 'Bitte eine gültige Telefonnummer angeben.' },
    { message: 'Die Anwendung nimmt gerade keine Änderungen an.' },
  ]);
  await clickButton(page, 'Speichern');
  const alert = page.locator('form').getByRole('alert');
  await expect(alert).toContainText('Nicht gespeichert: Die Eingaben sind ungültig.');
  await expect(alert.getByRole('listitem')).toHaveText(['Die Anwendung nimmt gerade keine Änderungen an.']);
  await expect(page.getByText('Bitte eine gültige Telefonnummer angeben.')).toHaveCount(1);
  await assertAccessible(page);
});

test('an empty first name says once, beside the field, that it is required (#17.18)', async ({ page }) => {
  await signInAs(page, 'partner');
  await goToSettings(page);
  await fillField(page, 'Vorname', '');
  await clickButton(page, 'Speichern');
  await expect(page.getByLabel('Vorname')).toBeFocused();
  await expect(page.getByLabel('Vorname')).toHaveAccessibleDescription('Dieses Feld ist erforderlich.');
  await expect(page.getByText('Dieses Feld ist erforderlich.')).toHaveCount(1);
  await expect(page.getByText('Ungültige Eingabe')).toHaveCount(0);
  await expect(page.getByRole('alert').filter({ hasText: 'Fehler' })).toHaveCount(0);
  await assertAccessible(page);
  await page.reload();
  await expect(page.getByLabel('Vorname')).toHaveValue('Dana');
});

test('an internal employee cannot edit a field the user may not edit, nor change e-mail or password', async ({
  page,
}) => {
  await signInAs(page, 'internal-employee');
  await page.goto(`/settings/applications/${demoApps.hr}`);
  await expect(page.getByRole('heading', { name: 'Personal-App' })).toBeVisible();
  const field = page.getByLabel('Personalnummer');
  await expect(field).toHaveValue('4711');
  await expect(field).toHaveAttribute('readonly', '');
  await expect(page.getByText('Dieses Feld kann nicht bearbeitet werden')).toBeVisible();
  await assertAccessible(page);

  await goToSettings(page, 'Sicherheit');
  await expect(page.getByText('Für interne Firmenkonten nicht verfügbar', { exact: false })).toBeVisible();
  await expect(page.getByRole('button', { name: 'E-Mail-Adresse ändern' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Passwort ändern' })).toBeDisabled();
  await assertAccessible(page);
});

test('a partner leaves for the password change at the provider and comes back after cancelling', async ({ page }) => {
  await signInAs(page, 'partner');
  await goToSettings(page, 'Sicherheit');
  await page.getByRole('link', { name: 'Passwort ändern' }).click();
  await expect(page).toHaveURL(/b2c_1a_password_change/);
  await page.locator('button[name="action"][value="cancel"]').click();
  await expect(page).toHaveURL(`${urls.portal}/settings/security`);
  await expect(page.getByRole('link', { name: 'Passwort ändern' })).toBeVisible();
});
