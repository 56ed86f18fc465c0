// The top bar's menus and the console's application dropdown load on first use: a click that
// comes before their code still opens them.
import { account, urls } from '../helpers/accounts.ts';
import { sidebar } from '../helpers/admin.ts';
import { expect, openUserMenu, signInAs, test } from '../helpers/portal.ts';

test('a click on the user menu before its code has arrived opens the menu once it has', async ({ page }) => {
  await signInAs(page, 'customer');
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/menu-[^/]*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(`${urls.portal}/`);
  const opening = openUserMenu(page, account('customer'));
  release();
  await opening;
  await expect(page.getByRole('menuitem', { name: 'Abmelden' })).toBeVisible();
});

test("a click on the console's application dropdown before its code has arrived opens it once it has", async ({
  page,
}) => {
  await signInAs(page, 'global-admin', '/admin');
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/application-menu-headless-[^/]*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(`${urls.portal}/admin`);
  await sidebar(page)
    .getByRole('button', { name: /^Anwendung/ })
    .click();
  release();
  await expect(page.getByRole('menuitem', { name: 'Küchenplaner' })).toBeVisible();
  await page.getByRole('menuitem', { name: 'Küchenplaner' }).click();
  await expect(page).toHaveURL(/\/admin\/a1000000-0000-4000-8000-000000000002$/);
});
