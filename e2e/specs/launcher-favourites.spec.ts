// Favourites and recently used apps on the launcher (#20.1): a partner pins the two apps of
// their day, puts the service portal first with the keyboard, comes back later (a reload) and
// finds that order; an app they open shows under "Zuletzt verwendet". Both are kept on the
// server. The spec unpins the favourites again at the end.
import type { Page } from '@playwright/test';
import { demoApps } from '../helpers/accounts.ts';
import { answerServiceTerms, assertAccessible, expect, signInAs, test } from '../helpers/portal.ts';

const favouritesSaved = (page: Page) =>
  page.waitForResponse((r) => r.url().endsWith('/My/Favourites') && r.request().method() === 'PUT' && r.ok());

/** The pin toggle of a tile, pressed with the keyboard; waits until the server has the new list. */
async function clickPin(page: Page, label: string): Promise<void> {
  const saved = favouritesSaved(page);
  await page.getByRole('button', { name: `${label} als Favorit` }).focus();
  await page.keyboard.press('Enter');
  await saved;
}

async function assertFavourites(page: Page, labels: readonly string[]): Promise<void> {
  if (labels.length === 0) {
    await expect(page.getByRole('heading', { name: 'Favoriten' })).toHaveCount(0);
    return;
  }
  const tiles = page.getByRole('list', { name: 'Favoriten' }).getByRole('link');
  await expect(tiles).toHaveCount(labels.length);
  for (const [index, label] of labels.entries()) await expect(tiles.nth(index)).toContainText(label);
}

test.afterEach(async ({ page }) => {
  // Whatever happened above, the partner leaves without favourites (other specs count their tiles).
  await page.evaluate(() =>
    fetch('/api/My/Favourites', {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: '{"applicationIds":[]}',
    }),
  );
});

test('a partner pins two apps, orders them by keyboard, and finds that order after a reload', async ({ page }) => {
  await signInAs(page, 'partner');
  await assertFavourites(page, []);

  await clickPin(page, demoApps.dealerShopLabel);
  await assertFavourites(page, [demoApps.dealerShopLabel]);
  await expect(page.getByRole('button', { name: `${demoApps.dealerShopLabel} als Favorit` })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(page.getByRole('button', { name: `${demoApps.dealerShopLabel} als Favorit` })).toBeFocused();
  await clickPin(page, 'Serviceportal');
  await assertFavourites(page, [demoApps.dealerShopLabel, 'Serviceportal']);
  await expect(page.getByRole('heading', { name: 'Weitere Apps' })).toHaveCount(0);

  // Reorder by keyboard: the view loads on first use; the move is announced.
  await page.getByRole('button', { name: 'Reihenfolge ändern' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText(/Ziehen oder mit Alt/)).toBeFocused();
  await assertAccessible(page);
  const saved = favouritesSaved(page);
  await page.getByRole('button', { name: 'Serviceportal nach vorn' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Serviceportal: Platz 1 von 2')).toBeAttached();
  await saved;
  await page.getByRole('button', { name: 'Fertig' }).focus();
  await page.keyboard.press('Enter');
  await assertFavourites(page, ['Serviceportal', demoApps.dealerShopLabel]);
  await expect(page.getByRole('button', { name: 'Reihenfolge ändern' })).toBeFocused();

  // Later that day: the order comes from the server.
  await page.reload();
  await assertFavourites(page, ['Serviceportal', demoApps.dealerShopLabel]);
  await assertAccessible(page);

  // The search still finds a pinned app, and Enter opens the one match.
  await page.getByRole('searchbox', { name: 'Apps durchsuchen' }).fill('serv');
  await expect(page.getByRole('list', { name: 'Meine Apps' }).getByRole('link')).toHaveCount(1);
  await page.getByRole('searchbox', { name: 'Apps durchsuchen' }).fill('');

  await clickPin(page, 'Serviceportal');
  await clickPin(page, demoApps.dealerShopLabel);
  await page.reload();
  await assertFavourites(page, []);
  await expect(page.getByRole('list', { name: 'Meine Apps' }).getByRole('link')).toHaveCount(2);
});

test('an app the partner opens from the launcher shows under "Zuletzt verwendet" when they come back', async ({
  page,
}) => {
  // The demo service portal lives at an address that does not exist on this machine: answer it here.
  await page.route('https://service.hk-demo.test/**', (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>Serviceportal</title>' }),
  );
  await signInAs(page, 'partner');
  // She has accepted the service portal's terms (the step on the way there, gate.spec.ts): the gate
  // sends her on, whether or not that spec ran before this one.
  await answerServiceTerms(page, 'true');
  const recorded = page.waitForResponse(
    (r) => r.url().endsWith(`/My/Applications/${demoApps.servicePortal}/Launch`) && r.request().method() === 'POST',
  );
  // The gate sends the partner on to the application (through the claims refresh): only then back.
  // (The address is reached by a redirect, which a route does not answer: the request is enough.)
  const sentOn = page.waitForRequest((r) => r.url().startsWith('https://service.hk-demo.test'));
  await page
    .getByRole('list', { name: 'Meine Apps' })
    .getByRole('link', { name: /Serviceportal/ })
    .focus();
  await page.keyboard.press('Enter');
  expect((await recorded).status()).toBe(204);
  await sentOn;

  await page.goto('/');
  const recent = page.getByRole('list', { name: 'Zuletzt verwendet' }).getByRole('link');
  await expect(recent.first()).toHaveText('Serviceportal');
  await expect(recent.first()).toHaveAttribute('href', `/flows/auth?client_id=${demoApps.servicePortal}`);
  // The tiles are all still there below the row.
  await expect(page.getByRole('list', { name: 'Meine Apps' }).getByRole('link')).toHaveCount(2);
  await assertAccessible(page);
});

test('when the server cannot store a pin, the partner is told and the launcher shows what is stored', async ({
  page,
}) => {
  await signInAs(page, 'partner');
  await page.route('**/api/My/Favourites', (route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify({
        error: { code: '500', message: 'Die Favoriten konnten nicht gespeichert werden.', errors: [] },
      }),
    }),
  );
  await page.getByRole('button', { name: 'Serviceportal als Favorit' }).focus();
  await page.keyboard.press('Enter');
  const toast = page.getByRole('alert').filter({ hasText: 'Fehler' });
  await expect(toast).toContainText('Die Favoriten konnten nicht gespeichert werden.');
  await assertFavourites(page, []);
  await expect(page.getByRole('button', { name: 'Serviceportal als Favorit' })).toHaveAttribute(
    'aria-pressed',
    'false',
  );
});
