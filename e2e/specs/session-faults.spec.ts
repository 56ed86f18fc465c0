// The session under faults, on a stack of its own (e2e/helpers/own-stack.ts): tokens that
// are due 35 s after sign-in (70 s lifetime, refreshed half their lifetime before expiry: the
// 60 s lead capped, issue #28), two tabs at that moment, and a provider that stops answering
// when the user signs out (issue #15).
import { account, fullNameOf } from '../helpers/accounts.ts';
import { startOwnStack, type OwnStack } from '../helpers/own-stack.ts';
import { clickProviderSubmit, clickSignOut, expect, fillProviderSignIn, test } from '../helpers/portal.ts';

const sessionCookie = '__Host-hk-portal.session';
let stack: OwnStack;

test.describe.configure({ mode: 'serial' });
test.beforeAll(async () => {
  test.setTimeout(300_000);
  stack = await startOwnStack({ IDP_ACCESS_TOKEN_SECONDS: '70' });
});
test.afterAll(async () => {
  await stack.stop();
});

test('two tabs at token expiry: one refresh reaches the provider, both tabs stay signed in; then sign-out with the provider down', async ({
  context,
  page,
}) => {
  test.setTimeout(120_000);
  const who = account('customer');
  await page.goto(`${stack.urls.portal}/`);
  await expect(page).toHaveURL(/\/login/);
  await page.getByRole('link', { name: 'Anmelden' }).click();
  await expect(page).toHaveURL(new RegExp(`^${stack.urls.idp}/`));
  await fillProviderSignIn(page, who);
  await clickProviderSubmit(page);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(fullNameOf(who));
  const second = await context.newPage();
  await second.goto(`${stack.urls.portal}/settings`);
  await expect(second.getByRole('heading', { level: 1, name: 'Einstellungen' })).toBeVisible();
  expect(stack.grants('refresh_token')).toBe(0);

  // Past the refresh point (35 s after sign-in), both tabs load at the same moment.
  await page.waitForTimeout(36_000);
  await Promise.all([page.reload(), second.reload()]);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(fullNameOf(who));
  await expect(page.getByRole('list', { name: 'Meine Apps' }).getByRole('link').first()).toBeVisible();
  await expect(second.getByRole('heading', { level: 1, name: 'Einstellungen' })).toBeVisible();
  await expect(second.getByRole('textbox', { name: /Vorname/ })).toHaveValue(who.firstName);
  expect(stack.grants('refresh_token'), 'refresh requests that reached the provider').toBe(1);

  // The provider stops answering; signing out still ends here, signed out, cookies cleared.
  stack.freezeProvider(true);
  try {
    await clickSignOut(page, who);
    await expect(page).toHaveURL(`${stack.urls.portal}/auth/logout-success`, { timeout: 15_000 });
    await expect(page.getByRole('heading', { name: 'Sie sind abgemeldet' })).toBeVisible();
    expect((await context.cookies(stack.urls.portal)).map((c) => c.name)).not.toContain(sessionCookie);
    await second.reload();
    await expect(second).toHaveURL(/\/login/);
  } finally {
    stack.freezeProvider(false);
  }
});
