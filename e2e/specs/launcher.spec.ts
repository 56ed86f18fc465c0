// The launcher: tiles in sort order, search as you type, pending requests, the empty state,
// unknown pages and a portal that cannot load its configuration.
import { demoApps, urls } from '../helpers/accounts.ts';
import { assertAccessible, assertErrorPage, expect, signInAs, test } from '../helpers/portal.ts';

test('a partner sees the apps in sort order, filters them and sees a pending request', async ({ page }) => {
  await signInAs(page, 'partner');
  const tiles = page.getByRole('list', { name: 'Meine Apps' }).getByRole('link');
  await expect(tiles).toHaveCount(2);
  await expect(tiles.nth(0)).toContainText(demoApps.dealerShopLabel);
  await expect(tiles.nth(1)).toContainText('Serviceportal');
  await expect(tiles.nth(0)).toHaveAttribute('href', `/flows/auth?client_id=${demoApps.dealerShop}`);

  await page.getByRole('searchbox', { name: 'Apps durchsuchen' }).fill('serv');
  await expect(tiles).toHaveCount(1);
  await expect(tiles.first()).toContainText('Serviceportal');
  await page.getByRole('searchbox', { name: 'Apps durchsuchen' }).fill('xyz');
  await expect(page.getByText('Keine App passt zu „xyz“.')).toBeVisible();
  await page.getByRole('searchbox', { name: 'Apps durchsuchen' }).fill('');

  await expect(page.getByRole('heading', { name: 'Offene Zugriffsanfragen' })).toBeVisible();
  await expect(page.getByText('Küchenplaner: angefragt, wartet auf Freigabe')).toBeVisible();
  await assertAccessible(page);
});

test('a new user without apps gets the empty state pointing to access requests', async ({ page }) => {
  await signInAs(page, 'new-user');
  await expect(page.getByRole('heading', { name: 'Noch keine Apps' })).toBeVisible();
  // One offer (#30.6): no old advice to open an application and ask a contact, no second catalogue link.
  await expect(page.getByRole('link', { name: 'Meine Anfragen' })).toBeVisible();
  await expect(page.getByText(/Ansprechpartner/)).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Apps entdecken' })).toHaveCount(0);
  // The empty state's action opens the catalogue of requestable applications (#19).
  await page.getByRole('link', { name: 'Zugriff anfordern' }).click();
  await expect(page).toHaveURL(`${urls.portal}/catalogue`);
  await expect(page.getByRole('heading', { name: 'Apps entdecken', level: 1 })).toBeVisible();
  await assertAccessible(page);
});

test('an unknown page shows the 404 page with a way home', async ({ page }) => {
  await signInAs(page, 'customer');
  await page.goto('/does-not-exist');
  await expect(page.getByRole('heading', { level: 1, name: 'Fehler 404' })).toBeVisible();
  await expect(page.getByText('Die gesuchte Seite wurde nicht gefunden.')).toBeVisible();
  await assertAccessible(page);
  await page.getByRole('link', { name: 'Zurück zur Startseite' }).click();
  await expect(page).toHaveURL(`${urls.portal}/`);
});

test('when the portal cannot load its configuration, it says so and recovers on "Erneut versuchen"', async ({
  page,
}) => {
  await signInAs(page, 'partner');
  await page.route('**/config.json', (route) => route.fulfill({ status: 503, body: 'unavailable' }));
  await page.goto('/');
  await assertErrorPage(page, 500, 'Ein unerwarteter Fehler ist aufgetreten. Bitte versuchen Sie es später erneut.');
  await assertAccessible(page);
  await page.unroute('**/config.json');
  await page.getByRole('button', { name: 'Erneut versuchen' }).click();
  await expect(page.getByRole('list', { name: 'Meine Apps' }).getByRole('link')).toHaveCount(2);
});
