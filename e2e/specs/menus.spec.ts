// The top bar's menus load on first use: a click that comes before their code still opens them.
import { account, urls } from '../helpers/accounts.ts';
import { expect, openUserMenu, signInAs, test } from '../helpers/portal.ts';

test('a click on the user menu before its code has arrived opens the menu once it has', async ({ page }) => {
  await signInAs(page, 'customer');
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => { release = resolve; });
  await page.route(/\/assets\/menu-[^/]*\.js$/, async (route) => { await held; await route.continue(); });
  await page.goto(`${urls.portal}/`);
  const opening = openUserMenu(page, account('customer'));
  release();
  await opening;
  await expect(page.getByRole('menuitem', { name: 'Abmelden' })).toBeVisible();
});
