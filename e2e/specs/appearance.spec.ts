// A customer chooses the dark colour scheme in the user menu: applied at once, kept on this
// device, and sent by the portal server in the page itself (no light flash on the next load).
import { account, urls } from '../helpers/accounts.ts';
import { assertAccessible, expect, openUserMenu, signInAs, test } from '../helpers/portal.ts';

test('the dark theme is chosen in the user menu, kept on reload and rendered by the server', async ({
  page,
  context,
}) => {
  const who = await signInAs(page, 'customer');
  const root = page.locator('html');
  await expect(root).not.toHaveAttribute('data-theme');

  await openUserMenu(page, who);
  await expect(page.getByRole('menuitem', { name: 'Wie im System' })).toHaveAttribute('aria-current', 'true');
  await page.getByRole('menuitem', { name: 'Dunkel' }).click();
  await expect(root).toHaveAttribute('data-theme', 'dark');
  expect(await root.evaluate((el) => getComputedStyle(el).colorScheme)).toBe('dark');
  await assertAccessible(page);

  // The server's page already carries the choice.
  const html = await (await page.request.get(`${urls.portal}/settings`)).text();
  expect(html).toContain('data-theme="dark"');
  await page.reload();
  await expect(root).toHaveAttribute('data-theme', 'dark');

  // Back to the system's: the attribute and the cookie go.
  await openUserMenu(page, account('customer'));
  await page.getByRole('menuitem', { name: 'Wie im System' }).click();
  await expect(root).not.toHaveAttribute('data-theme');
  expect((await context.cookies(urls.portal)).map((c) => c.name)).not.toContain('hk-theme');
});
