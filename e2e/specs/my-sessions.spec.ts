// A customer signed in on a laptop and a phone: settings → security lists both devices; the
// phone is signed out from the laptop, then, signed in again, "everywhere else" (issue #20.5).
import type { Browser } from '@playwright/test';
import { urls } from '../helpers/accounts.ts';
import { assertAccessible, clickButton, clickSignIn, expect, goToSettings, signInAs, test } from '../helpers/portal.ts';

const iphone =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

async function phoneOf(browser: Browser) {
  const context = await browser.newContext({
    baseURL: urls.portal,
    userAgent: iphone,
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  await context.addCookies([{ name: 'i18n_redirected', value: 'de', url: urls.portal }]);
  return { context, page: await context.newPage() };
}

test('a customer sees where they are signed in and signs out the phone from the laptop', async ({ page, browser }) => {
  await signInAs(page, 'customer');
  await goToSettings(page, 'Sicherheit');
  const devices = page.getByRole('list', { name: 'Angemeldete Geräte' });
  await expect(devices.getByRole('listitem').first()).toContainText('Dieses Gerät');
  // Sessions of earlier days end first, so that this laptop and the phone are the only ones.
  const others = page.getByRole('button', { name: 'Alle anderen Sitzungen abmelden' });
  if (await others.isVisible()) {
    await others.click();
    await expect(page.getByText(/andere Sitzungen? wurden? abgemeldet/)).toBeVisible();
  }
  await expect(page.getByText('Sie sind nur auf diesem Gerät angemeldet.')).toBeVisible();

  const phone = await phoneOf(browser);
  try {
    await signInAs(phone.page, 'customer');
    await page.reload();
    await expect(devices.getByRole('listitem')).toHaveCount(2);
    await expect(devices.getByRole('listitem').nth(1)).toContainText('Safari 18 · iOS 18.1');
    await expect(devices.getByRole('listitem').nth(1)).toContainText('Zuletzt aktiv');
    await assertAccessible(page);

    await page.getByRole('button', { name: 'Sitzung auf Safari 18 · iOS 18.1 abmelden' }).click();
    await expect(page.getByText('Die Sitzung wurde abgemeldet.')).toBeVisible();
    await expect(devices.getByRole('listitem')).toHaveCount(1);
    await phone.page.reload();
    await expect(phone.page).toHaveURL(/\/login/);

    // Signed in on the phone again (the provider still knows the phone: no password this time):
    // "everywhere else" ends it too; the laptop stays signed in.
    await clickSignIn(phone.page);
    await expect(phone.page).toHaveURL(`${urls.portal}/`);
    await page.reload();
    await expect(devices.getByRole('listitem')).toHaveCount(2);
    await clickButton(page, 'Alle anderen Sitzungen abmelden');
    await expect(page.getByText('1 andere Sitzung wurde abgemeldet.')).toBeVisible();
    await phone.page.goto('/settings');
    await expect(phone.page).toHaveURL(/\/login/);
    await page.reload();
    await expect(page.getByText('Sie sind nur auf diesem Gerät angemeldet.')).toBeVisible();
  } finally {
    await phone.context.close();
  }
});
