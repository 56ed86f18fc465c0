// A user changes her password and her e-mail address at the provider's policies and comes
// back to the portal's security settings; each change is proven by signing in with it in a
// fresh browser, then undone the same way, so that the other specs keep the demo credentials.
import type { Browser, Page } from '@playwright/test';
import { account, demoPassword, fullNameOf, urls } from '../helpers/accounts.ts';
import {
  assertAccessible,
  clickProviderSubmit,
  clickSignIn,
  expect,
  goToSettings,
  signInAs,
  test,
} from '../helpers/portal.ts';

const newPassword = 'Neu-Kueche-2026!';

async function changePassword(page: Page, email: string, from: string, to: string): Promise<void> {
  await goToSettings(page, 'Sicherheit');
  await page.getByRole('link', { name: 'Passwort ändern' }).click();
  await expect(page).toHaveURL(/b2c_1a_password_change/);
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="currentPassword"]').fill(from);
  await page.locator('input[name="newPassword"]').fill(to);
  await page.locator('input[name="repeatPassword"]').fill(to);
  await clickProviderSubmit(page);
  await expect(page).toHaveURL(`${urls.portal}/settings/security`);
  // Back on the page, it says so (#30.11).
  await expect(page.getByRole('status').filter({ hasText: 'Ihr Passwort wurde geändert.' })).toBeVisible();
}

async function changeEmail(page: Page, from: string, to: string): Promise<void> {
  await goToSettings(page, 'Sicherheit');
  await page.getByRole('link', { name: 'E-Mail-Adresse ändern' }).click();
  await expect(page).toHaveURL(/b2c_1a_email_change/);
  await page.locator('input[name="email"]').fill(from);
  await page.locator('input[name="password"]').fill(demoPassword);
  await page.locator('input[name="newEmail"]').fill(to);
  await clickProviderSubmit(page);
  await expect(page).toHaveURL(`${urls.portal}/settings/security`);
  await expect(page.getByRole('status').filter({ hasText: 'Ihre E-Mail-Adresse wurde geändert.' })).toBeVisible();
  await expect(page.getByText(to)).toBeVisible();
}

/** Sign in with these credentials in a browser of its own; true when the launcher greets the user. */
async function signsInWith(browser: Browser, email: string, password: string, name: string): Promise<boolean> {
  const context = await browser.newContext({ locale: 'de-DE' });
  try {
    const page = await context.newPage();
    await page.goto(urls.portal);
    await clickSignIn(page);
    await page.locator('input[name="email"]').fill(email);
    await page.locator('input[name="password"]').fill(password);
    await clickProviderSubmit(page);
    const home = page.getByRole('heading', { level: 1, name: new RegExp(name) });
    const refused = page.locator('[role="alert"]');
    await expect(home.or(refused).first()).toBeVisible();
    return await home.isVisible();
  } finally {
    await context.close();
  }
}

test('a new user changes her password at the provider, signs in with it, and changes it back', async ({
  page,
  browser,
}) => {
  const who = await signInAs(page, 'new-user');
  await changePassword(page, who.email, demoPassword, newPassword);
  await assertAccessible(page);
  expect(await signsInWith(browser, who.email, newPassword, fullNameOf(who))).toBe(true);
  expect(await signsInWith(browser, who.email, demoPassword, fullNameOf(who))).toBe(false);

  await changePassword(page, who.email, newPassword, demoPassword);
  expect(await signsInWith(browser, who.email, demoPassword, fullNameOf(who))).toBe(true);
});

test('a new user changes her e-mail address at the provider, the portal shows it, and she changes it back', async ({
  page,
  browser,
}) => {
  const who = await signInAs(page, 'new-user');
  const changed = 'nora.neu@hk-demo.test';
  await changeEmail(page, who.email, changed);
  await goToSettings(page, 'Persönlich');
  await expect(page.getByRole('textbox', { name: 'E-Mail-Adresse' })).toHaveValue(changed);
  expect(await signsInWith(browser, changed, demoPassword, fullNameOf(who))).toBe(true);

  await changeEmail(page, changed, account('new-user').email);
  expect(await signsInWith(browser, who.email, demoPassword, fullNameOf(who))).toBe(true);
});
