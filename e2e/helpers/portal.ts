// Helpers that read like a user's day: goTo*, fill*, click*, assert*, signInAs.
import { expect, test as base, type Browser, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { account, demoPassword, fullNameOf, urls, type DemoAccount } from './accounts.ts';

/** Every spec collects CSP violations and fails when one was reported. */
export const test = base.extend<{ cspViolations: string[]; deviceLanguage: string | null }>({
  /**
   * The language chosen on this device (the portal's language cookie), German unless a spec
   * says otherwise; `null` is a device that never chose, where the profile's language
   * applies at sign-in.
   */
  deviceLanguage: ['de', { option: true }],
  context: async ({ context, deviceLanguage }, use) => {
    if (deviceLanguage !== null) {
      await context.addCookies([{ name: 'i18n_redirected', value: deviceLanguage, url: urls.portal }]);
    }
    await use(context);
  },
  cspViolations: [
    async ({ page }, use) => {
      const violations: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error' && /Content Security Policy/i.test(message.text()))
          violations.push(message.text());
      });
      await page.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (event) => {
          console.error(`Content Security Policy violation: ${event.violatedDirective} ${event.blockedURI}`);
        });
      });
      await use(violations);
      expect(violations, 'no Content Security Policy violation').toEqual([]);
    },
    { auto: true },
  ],
});
export { expect };

// ---- assert ---------------------------------------------------------------------------

/** axe-core (WCAG 2.1 A/AA) at zero violations on the page as it is now. */
export async function assertAccessible(page: Page): Promise<void> {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const summary = result.violations.map(
    (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`,
  );
  expect(summary, `axe violations on ${page.url()}`).toEqual([]);
}

export async function assertOnHome(page: Page, who: DemoAccount): Promise<void> {
  await expect(page).toHaveURL(`${urls.portal}/`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(fullNameOf(who));
}

export async function assertErrorPage(page: Page, code: number, description?: string | RegExp): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: `Fehler ${code}` })).toBeVisible();
  if (description !== undefined) await expect(page.getByText(description)).toBeVisible();
}

// ---- the provider's sign-in page --------------------------------------------------------

export async function assertOnProviderSignIn(page: Page): Promise<void> {
  await expect(page).toHaveURL(new RegExp(`^${urls.idp}/`));
  await expect(page.locator('input[name="email"]')).toBeVisible();
}

export async function fillProviderSignIn(page: Page, who: DemoAccount): Promise<void> {
  await page.locator('input[name="email"]').fill(who.email);
  await page.locator('input[name="password"]').fill(demoPassword);
}

export async function clickProviderSubmit(page: Page): Promise<void> {
  await page.locator('button[name="action"][value="submit"]').click();
}

export async function clickProviderCancel(page: Page): Promise<void> {
  await page.locator('button[name="action"][value="cancel"]').click();
}

// ---- go to ------------------------------------------------------------------------------

export async function goToLogin(page: Page, returnPath?: string): Promise<void> {
  await page.goto(returnPath === undefined ? '/login' : `/login?returnPath=${encodeURIComponent(returnPath)}`);
  await expect(page.getByRole('link', { name: 'Anmelden' })).toBeVisible();
}

export async function clickSignIn(page: Page): Promise<void> {
  await page.getByRole('link', { name: 'Anmelden' }).click();
}

/** Sign in from the portal's login page through the provider's page; ends on `returnPath`. */
export async function signInAs(
  page: Page,
  kind: DemoAccount['kind'],
  returnPath = '/',
  { scripts = true }: { readonly scripts?: boolean } = {},
): Promise<DemoAccount> {
  const who = account(kind);
  await page.goto(returnPath);
  await expect(page).toHaveURL(/\/login/);
  await clickSignIn(page);
  await assertOnProviderSignIn(page);
  await fillProviderSignIn(page, who);
  await clickProviderSubmit(page);
  // Back at the portal, past the callback (code exchanged, address cleaned).
  await expect(page).toHaveURL((url) => url.origin === urls.portal && `${url.pathname}${url.search}` === returnPath);
  if (returnPath === '/') {
    await expect(page.getByRole('heading', { level: 1 })).toContainText(fullNameOf(who));
    if (scripts) await waitUntilInteractive(page);
  }
  return who;
}

/**
 * A session made in a browser with JavaScript (the sign-in at the provider), then its cookies in
 * `page`'s context, whatever that context's options (JavaScript off, for one).
 */
export async function signInElsewhere(page: Page, browser: Browser, kind: DemoAccount['kind']): Promise<DemoAccount> {
  const withScript = await germanDevice(browser);
  const who = await signInAs(withScript, kind, '/', { scripts: false });
  await page.context().addCookies(await withScript.context().cookies());
  await withScript.context().close();
  return who;
}

/**
 * A page on a device of its own (a new browser context) that chose German, as the spec's own page
 * did: a second person at work beside the first, or one whose profile says another language.
 * `page.context().close()` puts it away.
 */
export async function germanDevice(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  await context.addCookies([{ name: 'i18n_redirected', value: 'de', url: urls.portal }]);
  return context.newPage();
}

/**
 * The launcher arrives rendered by the server (#16) before its script has run: keys and clicks
 * meant for the client wait until it has taken the page over (its `portal:ready` step).
 */
async function waitUntilInteractive(page: Page): Promise<void> {
  await page.waitForFunction(() => performance.getEntriesByName('portal:ready').length > 0);
}

export async function goToHome(page: Page): Promise<void> {
  await page.getByRole('link', { name: 'Meine Apps' }).first().click();
  await expect(page).toHaveURL(`${urls.portal}/`);
}

export async function goToSettings(page: Page, tab?: 'Persönlich' | 'Sicherheit' | 'Anwendungen'): Promise<void> {
  await page.goto('/settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Einstellungen' })).toBeVisible();
  if (tab !== undefined)
    await page.getByRole('navigation', { name: 'Bereiche der Einstellungen' }).getByRole('link', { name: tab }).click();
}

export async function goToGate(page: Page, clientId: string): Promise<void> {
  await page.goto(`/flows/auth?client_id=${encodeURIComponent(clientId)}`);
}

// ---- menus ------------------------------------------------------------------------------

export async function openUserMenu(page: Page, who: DemoAccount): Promise<void> {
  // A menu is the client's: its button opens nothing before the page is interactive.
  await waitUntilInteractive(page);
  await page.getByRole('button', { name: `Benutzermenü von ${fullNameOf(who)} öffnen` }).click();
  await expect(page.getByRole('menu')).toBeVisible();
}

export async function clickSignOut(page: Page, who: DemoAccount): Promise<void> {
  await openUserMenu(page, who);
  await page.getByRole('menuitem', { name: 'Abmelden' }).click();
}

/** Switch the language from the top bar (the menu lists every language in its own name). */
export async function chooseLanguage(page: Page, languageName: string): Promise<void> {
  await waitUntilInteractive(page);
  await page
    .getByRole('banner')
    .getByRole('button', { name: /Sprache|Language|Langue|Idioma|Lingua|Taal|Język/ })
    .click();
  await page.getByRole('menuitem', { name: languageName }).click();
}

// ---- forms ------------------------------------------------------------------------------

export async function fillField(page: Page, label: string, value: string): Promise<void> {
  await page.getByLabel(label, { exact: false }).first().fill(value);
}

export async function clickButton(page: Page, name: string | RegExp): Promise<void> {
  await page.getByRole('button', { name }).click();
}

// ---- data a spec needs, stored as the user's own pages store it --------------------------

/**
 * The signed-in user's answer to the service portal's terms (its custom flow "service-terms",
 * #30.1), stored as the flow's form stores it: `'true'` accepted, `null` not answered (the
 * partner's demo data). A spec that opens the service portal sets the answer it needs, whichever
 * spec ran before it on the same stack.
 */
export async function answerServiceTerms(page: Page, answer: 'true' | null): Promise<void> {
  const stored = await page.request.post(`${urls.portal}/api/CustomFlow/service-terms`, {
    data: { attributes: [{ key: 'termsAccepted', value: answer }] },
  });
  expect(stored.ok(), await stored.text()).toBe(true);
}
