// Sign-in going wrong: cancel at the provider, a missing state cookie, a reload in the
// middle of the sign-in.
import { account, urls } from '../helpers/accounts.ts';
import {
  assertAccessible,
  assertErrorPage,
  assertOnHome,
  assertOnProviderSignIn,
  clickProviderCancel,
  clickProviderSubmit,
  clickSignIn,
  expect,
  fillProviderSignIn,
  goToLogin,
  test,
} from '../helpers/portal.ts';

test('cancel at the provider brings the user back to where they were', async ({ page }) => {
  await goToLogin(page, '/settings');
  await clickSignIn(page);
  await assertOnProviderSignIn(page);
  await clickProviderCancel(page);
  // Not signed in: back to the stored referrer, which asks for a sign-in again.
  await expect(page).toHaveURL(`${urls.portal}/login?returnPath=%2Fsettings`);
  await expect(page.getByRole('link', { name: 'Anmelden' })).toBeVisible();
});

test('a missing temporary cookie shows the error page with the explanation', async ({ page, context }) => {
  await goToLogin(page);
  await clickSignIn(page);
  await assertOnProviderSignIn(page);
  const stateCookies = (await context.cookies(urls.portal)).filter((c) => c.name.startsWith('hk-id.auth.'));
  expect(stateCookies.length).toBeGreaterThan(0);
  await context.clearCookies({ name: /^hk-id\.auth\./ });
  await fillProviderSignIn(page, account('customer'));
  await clickProviderSubmit(page);
  await assertErrorPage(
    page,
    500,
    'Der Prozess konnte nicht vollständig ausgeführt werden (temporärer Cookie fehlt). Bitte versuchen Sie es erneut.',
  );
  await expect(page).not.toHaveURL(/code=/);
  await assertAccessible(page);
});

test('the callback address used twice never exchanges its code again', async ({ page, context }) => {
  const who = account('customer');
  let callback: string | undefined;
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.origin === urls.portal && url.pathname === '/auth/login' && url.searchParams.has('code'))
      callback ??= request.url();
  });
  await goToLogin(page);
  await clickSignIn(page);
  await assertOnProviderSignIn(page);
  await fillProviderSignIn(page, who);
  await clickProviderSubmit(page);
  await assertOnHome(page, who);
  expect(callback).toBeDefined();
  // Signed in, Back or a reload of the callback: home, nothing else happens.
  await page.goto(callback ?? '/');
  await assertOnHome(page, who);
  // Signed out, the same address again: the server knows the state is used up; a second
  // exchange of the code would have ended on the provider's refusal instead.
  await context.clearCookies();
  await page.goto(callback ?? '/');
  await assertErrorPage(
    page,
    500,
    'Der Prozess konnte nicht vollständig ausgeführt werden (temporärer Cookie fehlt). Bitte versuchen Sie es erneut.',
  );
  await expect(page).not.toHaveURL(/code=/);
});
