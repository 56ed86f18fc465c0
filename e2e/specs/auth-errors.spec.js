// Sign-in going wrong: cancel at the provider, a missing state cookie, a reload in the
// middle of the sign-in.
import { account, urls } from '../helpers/accounts.ts';
import { assertAccessible, assertErrorPage, assertOnHome, assertOnProviderSignIn, clickProviderCancel, clickProviderSubmit, clickSignIn, expect, fillProviderSignIn, goToLogin, test, } from '../helpers/portal.ts';
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
    await assertErrorPage(page, 500, 'Der Prozess konnte nicht vollständig ausgeführt werden (temporärer Cookie fehlt). Bitte versuchen Sie es erneut.');
    await expect(page).not.toHaveURL(/code=/);
    await assertAccessible(page);
});
test('a reload in the middle of the sign-in ends signed in, without a second token request', async ({ page }) => {
    const who = account('customer');
    const tokenRequests = [];
    let held = false;
    await page.route(`${urls.idp}/**/token`, async (route) => {
        tokenRequests.push(route.request().url());
        if (!held) {
            // Hold the first exchange and reload the callback page meanwhile.
            held = true;
            await page.reload();
            await route.abort();
            return;
        }
        await route.continue();
    });
    await goToLogin(page);
    await clickSignIn(page);
    await assertOnProviderSignIn(page);
    await fillProviderSignIn(page, who);
    await clickProviderSubmit(page);
    await assertOnHome(page, who);
    // The reloaded page had no code any more: it started a new (silent) sign-in, whose code was exchanged once.
    expect(tokenRequests).toHaveLength(2);
});
