// The portal against the providers companies run (issue #27), each on a stack of its own
// (e2e/helpers/own-stack.ts): the local provider laid out as a real Azure AD B2C tenant (one
// issuer with a GUID and a trailing slash for every policy, the policy in `tfp`), and
// LemonLDAP::NG from Debian as a standard OpenID provider nobody here wrote. In each a user signs
// in, sees the launcher (the API accepts that provider's tokens), keeps working past the access
// token's lifetime (the portal server refreshed the session), and signs out at the provider; an
// administrator who signs in at LemonLDAP::NG too opens that user in the console (ADR 0029).
import type { Page } from '@playwright/test';
import { account, demoApps, fullNameOf } from '../helpers/accounts.ts';
import { startOwnStack, type OwnStack } from '../helpers/own-stack.ts';
import {
  clickButton,
  clickProviderSubmit,
  clickSignOut,
  expect,
  fillField,
  fillProviderSignIn,
  test,
} from '../helpers/portal.ts';

test.describe.configure({ mode: 'serial' });

/** Signs in at the portal through LemonLDAP::NG's form as `user` (the demo users' password is their name). */
async function signInAtLemonldap(page: Page, portal: string, user: string): Promise<void> {
  await page.goto(`${portal}/`);
  await page.getByRole('link', { name: 'Anmelden' }).click();
  await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:4160\//);
  await page.locator('input[name="user"]').fill(user);
  await page.locator('input[name="password"]').fill(user);
  await page.locator('button[type="submit"]').first().click();
}

test.describe('a B2C-shaped tenant', () => {
  let stack: OwnStack;
  test.beforeAll(async () => {
    test.setTimeout(300_000);
    stack = await startOwnStack({ IDP_SHAPE: 'b2c-tenant', IDP_ACCESS_TOKEN_SECONDS: '20' });
  });
  test.afterAll(async () => {
    await stack.stop();
  });

  test('a partner signs in, opens the shop through the gate and a claims refresh, stays signed in past the token, and signs out', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const who = account('partner');
    await page.goto(`${stack.urls.portal}/`);
    await page.getByRole('link', { name: 'Anmelden' }).click();
    // Every policy under the tenant's name, as in a real tenant.
    await expect(page).toHaveURL(new RegExp(`^${stack.urls.idp}/hkkuechen\\.onmicrosoft\\.com/b2c_1a_signin/`));
    await fillProviderSignIn(page, who);
    await clickProviderSubmit(page);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(fullNameOf(who));
    const tiles = page.getByRole('list', { name: 'Meine Apps' }).getByRole('link');
    await expect(tiles.first()).toContainText(demoApps.dealerShopLabel);

    // The gate, its missing attribute, then the claims refresh at the refresh policy and on to the shop.
    await tiles.first().click();
    await fillField(page, 'Händlernummer', 'H-4711');
    await clickButton(page, 'Speichern und weiter');
    await expect(page).toHaveURL(new RegExp(`^http://localhost:\\d+/?$`), { timeout: 20_000 });
    await expect(page.getByRole('heading', { level: 1, name: demoApps.dealerShopLabel })).toBeVisible();

    // Past the refresh point of 20-second tokens (at most half their lifetime before the end):
    // the portal server refreshes at the policy that issued them, and the page keeps working.
    await page.goto(`${stack.urls.portal}/settings`);
    await page.waitForTimeout(11_000);
    await page.reload();
    await expect(page.getByRole('textbox', { name: /Vorname/ })).toHaveValue(who.firstName);
    expect(stack.grants('refresh_token'), 'refresh grants at the provider').toBeGreaterThanOrEqual(1);

    await clickSignOut(page, who);
    await expect(page).toHaveURL(`${stack.urls.portal}/auth/logout-success`);
    await page.goto(`${stack.urls.portal}/`);
    await expect(page).toHaveURL(/\/login/);
  });
});

test.describe('LemonLDAP::NG, a standard provider', () => {
  let stack: OwnStack;
  const tokenCalls = () =>
    stack.lines.filter((l) => /^\[lemonldap nginx\] POST \S*\/oauth2\/token 200$/.test(l)).length;
  test.beforeAll(async () => {
    test.setTimeout(300_000);
    stack = await startOwnStack({ LEMONLDAP_PORT: '4160', LEMONLDAP_TOKEN_SECONDS: '20' }, ['--provider', 'lemonldap']);
  });
  test.afterAll(async () => {
    await stack.stop();
  });

  test('a user of the provider signs in, sees the launcher, stays signed in past the token, and signs out at the provider', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await signInAtLemonldap(page, stack.urls.portal, 'dwho');

    // The launcher of a user the directory meets for the first time: the API accepted the token.
    await expect(page).toHaveURL(`${stack.urls.portal}/`);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Doctor Who');
    await expect(page.getByRole('heading', { name: 'Noch keine Apps' })).toBeVisible();
    // The provider offers no password or e-mail change here: no dead button or link.
    await page.goto(`${stack.urls.portal}/settings/security`);
    await expect(page.getByRole('heading', { name: 'Sicherheit' }).first()).toBeVisible();
    await expect(page.getByRole('link', { name: 'Passwort ändern' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Passwort ändern' })).toHaveCount(0);

    // Past the refresh point of 20-second tokens: a refresh grant (LLNG sends no new refresh token; the old one stays).
    const before = tokenCalls();
    await page.waitForTimeout(11_000);
    await page.goto(`${stack.urls.portal}/settings`);
    await expect(page.getByRole('textbox', { name: /Vorname/ })).toHaveValue('Doctor');
    // The provider's access log reaches the stack's output a moment after the request.
    await expect
      .poll(tokenCalls, { message: 'token requests after the sign-in', timeout: 10_000 })
      .toBeGreaterThan(before);

    // Sign-out at the provider: its confirmation, then back at the portal.
    await clickSignOut(page, { ...account('customer'), firstName: 'Doctor', lastName: 'Who' });
    await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:4160\//);
    await page.locator('form button[type="submit"]').first().click();
    await expect(page).toHaveURL(`${stack.urls.portal}/auth/logout-success`);
    await page.goto(`${stack.urls.portal}/`);
    await expect(page).toHaveURL(/\/login/);
  });

  test('the administrator, a user of the provider too, finds that user in the console and opens them: their id a UUID, their user name shown (ADR 0029)', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    // rtyler administers the portal (the demo seed's API_SEED_ADMIN on this stack).
    await signInAtLemonldap(page, stack.urls.portal, 'rtyler');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Rose Tyler');

    await page.goto(`${stack.urls.portal}/admin/users`);
    await expect(page.getByRole('heading', { level: 1, name: 'Benutzer' })).toBeVisible();
    await page.getByRole('searchbox').first().fill('Doctor');
    await page.getByRole('link', { name: 'Doctor Who' }).click();
    // The provider's user name is no UUID: the directory's id of it is one of version 5 (issuer and subject).
    await expect(page).toHaveURL(
      new RegExp(
        `^${stack.urls.portal}/admin/users/[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$`,
      ),
    );
    await expect(page.getByRole('heading', { level: 1, name: 'Doctor Who' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Kennung beim Anbieter' })).toHaveValue('dwho');
    await expect(page.getByRole('textbox', { name: 'Identitätsanbieter' })).toHaveValue('http://127.0.0.1:4160');
  });
});
