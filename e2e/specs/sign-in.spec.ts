// Every demo account signs in through the provider's page, lands on its launcher, and signs out.
import { account, identities, fullNameOf, urls } from '../helpers/accounts.ts';
import {
  assertAccessible,
  assertOnHome,
  assertOnProviderSignIn,
  clickProviderSubmit,
  clickSignIn,
  clickSignOut,
  expect,
  fillProviderSignIn,
  goToLogin,
  test,
} from '../helpers/portal.ts';

test('a signed-out visitor is sent to the login page, keeping the return path', async ({ page }) => {
  await page.goto('/settings/security');
  await expect(page).toHaveURL(`${urls.portal}/login?returnPath=%2Fsettings%2Fsecurity`);
  await expect(page).toHaveTitle(/Anmelden \| HK Küchen/);
  await assertAccessible(page);
  await clickSignIn(page);
  await assertOnProviderSignIn(page);
  await fillProviderSignIn(page, account('partner'));
  await clickProviderSubmit(page);
  await expect(page).toHaveURL(`${urls.portal}/settings/security`);
});

for (const who of identities.accounts) {
  test(`${who.kind} signs in, sees the launcher and signs out`, async ({ page }) => {
    await goToLogin(page);
    await clickSignIn(page);
    await assertOnProviderSignIn(page);
    await fillProviderSignIn(page, who);
    await clickProviderSubmit(page);
    await assertOnHome(page, who);
    await expect(page).toHaveTitle('Meine Apps | HK Küchen');
    await assertAccessible(page);

    await clickSignOut(page, who);
    await expect(page).toHaveURL(`${urls.portal}/auth/logout-success`);
    await expect(page.getByRole('heading', { name: 'Sie sind abgemeldet' })).toBeVisible();
    await assertAccessible(page);

    // Signed out for real: the portal asks for a sign-in again.
    await page.goto('/');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText(fullNameOf(who))).toHaveCount(0);
  });
}
