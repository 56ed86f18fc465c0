// The seven languages on the home page: switched from the top bar, remembered in a cookie.
import { messages, text, urls } from '../helpers/accounts.ts';
import { assertAccessible, chooseLanguage, expect, signInAs, test } from '../helpers/portal.ts';

const languages = [
  { code: 'en', name: 'English' },
  { code: 'fr', name: 'Français' },
  { code: 'es', name: 'Español' },
  { code: 'it', name: 'Italiano' },
  { code: 'nl', name: 'Nederlands' },
  { code: 'pl', name: 'Polski' },
  { code: 'de', name: 'Deutsch' },
];

test('the home page in each of the seven languages', async ({ page, context }) => {
  await signInAs(page, 'customer');
  for (const { code, name } of languages) {
    await chooseLanguage(page, name);
    const ui = messages('ui', code);
    const greetings = ['morning', 'day', 'evening'].map((g) => text(ui, `greeting.${g}`));
    await expect(page.locator('html')).toHaveAttribute('lang', code);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(
      new RegExp(greetings.map((g) => g.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')),
    );
    await expect(page.getByText(text(messages('home', code), 'subtitle'))).toBeVisible();
    await expect(page).toHaveTitle(`${text(messages('common', code), 'titles.home')} | HK Küchen`);
    const cookie = (await context.cookies(urls.portal)).find((c) => c.name === 'i18n_redirected');
    expect(cookie?.value).toBe(code);
    await assertAccessible(page);
  }
  // Remembered across a reload.
  await chooseLanguage(page, 'Polski');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'pl');
  await expect(page.getByText(text(messages('home', 'pl'), 'subtitle'))).toBeVisible();
  await chooseLanguage(page, 'Deutsch');
});

test.describe('on a device that never chose a language', () => {
  test.use({ deviceLanguage: null });

  test("the partner's profile language (English) applies at sign-in and is then remembered", async ({
    page,
    context,
  }) => {
    await signInAs(page, 'partner');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByText(text(messages('home', 'en'), 'subtitle'))).toBeVisible();
    const cookie = (await context.cookies(urls.portal)).find((c) => c.name === 'i18n_redirected');
    expect(cookie?.value).toBe('en');
  });
});
