// The first view rendered by the portal server (#16): the launcher arrives as HTML with the
// user's tiles, works without JavaScript, and the browser takes it over without a hydration
// mismatch and without loading the list again; the greeting is the browser's time of day.
import { demoApps, urls } from '../helpers/accounts.ts';
import { expect, signInAs, signInElsewhere, test } from '../helpers/portal.ts';

/** React's words for a page whose server HTML and first client render differ. */
const hydrationTrouble = /hydrat|did not match|server rendered HTML|Switched to client rendering/i;

test("a partner's launcher arrives painted, is taken over without a mismatch and without loading the list again", async ({
  page,
}) => {
  await signInAs(page, 'partner');
  const messages: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') messages.push(message.text());
  });
  page.on('pageerror', (error) => messages.push(error.message));
  const listLoads: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/My/Applications') listLoads.push(request.url());
  });

  // The HTML alone already holds the tiles as links.
  const html = await (await page.request.get('/')).text();
  expect(html).toContain(`href="/flows/auth?client_id=${demoApps.dealerShop}"`);
  expect(html).toContain(demoApps.dealerShopLabel);

  await page.goto('/');
  const tiles = page.getByRole('list', { name: 'Meine Apps' }).getByRole('link');
  await expect(tiles).toHaveCount(2);
  // Interactive: the search filters on the client.
  await page.getByRole('searchbox', { name: 'Apps durchsuchen' }).fill('serv');
  await expect(tiles).toHaveCount(1);
  expect(listLoads, 'the list the server rendered is not loaded again').toEqual([]);

  // Other first views the server renders: settings, an unknown page.
  await page.goto('/settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Einstellungen' })).toBeVisible();
  await page.goto('/does-not-exist');
  await expect(page.getByRole('heading', { level: 1, name: 'Fehler 404' })).toBeVisible();
  expect(
    messages.filter((m) => hydrationTrouble.test(m)),
    'no hydration mismatch',
  ).toEqual([]);
});

test("nothing on a partner's launcher moves while the page takes it over, even when the notifications' code comes late", async ({
  page,
}) => {
  await signInAs(page, 'partner');
  // The notifications' code arrives a second after the rest: the page has taken over by then
  // (and rendered once more for the tiles' badges), the links under the tiles came from the server.
  await page.route('**/assets/notifications-*.js', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    await route.continue();
  });
  await page.addInitScript(() => {
    const seen = { shifted: 0, removed: [] as string[] };
    Object.defineProperty(window, '__firstView', { value: seen });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
        if (!entry.hadRecentInput) seen.shifted += entry.value;
    }).observe({ type: 'layout-shift', buffered: true });
    new MutationObserver((records) => {
      for (const record of records)
        for (const node of record.removedNodes)
          if (node instanceof Element && node.querySelector('a[href="/requests"]') !== null)
            seen.removed.push(node.outerHTML.slice(0, 80));
    }).observe(document, { childList: true, subtree: true });
  });
  const notificationsCode = page.waitForResponse(/\/assets\/notifications-.*\.js$/);
  await page.goto('/');
  await notificationsCode;
  await expect(page.getByRole('main').getByRole('link', { name: 'Meine Anfragen' })).toBeVisible();
  // A frame for the layout to settle after the code ran.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 100))));
  const seen = await page.evaluate(
    () => (window as unknown as { __firstView: { shifted: number; removed: string[] } }).__firstView,
  );
  expect(seen.removed, 'the links under the tiles stay where the server put them').toEqual([]);
  expect(seen.shifted, 'layout shift of the first view').toBe(0);
});

test.describe("in a time zone far from the server's", () => {
  test.use({ timezoneId: 'Pacific/Kiritimati' });

  test("the greeting is the browser's time of day, from the first paint on", async ({ page }) => {
    await signInAs(page, 'partner');
    const seen: string[] = [];
    await page.exposeFunction('recordHeading', (text: string) => {
      seen.push(text);
    });
    // What the heading says once the HTML is parsed (before any module script has run) and at
    // every change after that: the hydration must change nothing.
    await page.addInitScript(() => {
      const record = () => {
        const heading = document.querySelector('#root [data-greeting]');
        if (heading?.textContent)
          (window as unknown as { recordHeading: (t: string) => void }).recordHeading(heading.textContent);
      };
      document.addEventListener('readystatechange', () => {
        if (document.readyState !== 'interactive') return;
        record();
        new MutationObserver(record).observe(document.getElementById('root') ?? document, {
          subtree: true,
          childList: true,
          characterData: true,
        });
      });
    });
    await page.goto('/');
    const hour = await page.evaluate(() => new Date().getHours());
    const expected = hour >= 5 && hour < 12 ? 'Guten Morgen' : hour >= 12 && hour < 18 ? 'Guten Tag' : 'Guten Abend';
    await expect(page.getByRole('heading', { level: 1 })).toContainText(expected);
    // Hydrated: the search filters on the client.
    await page.getByRole('searchbox', { name: 'Apps durchsuchen' }).fill('serv');
    await expect(page.getByRole('list', { name: 'Meine Apps' }).getByRole('link')).toHaveCount(1);
    expect(seen.length).toBeGreaterThan(0);
    expect(
      seen.filter((text) => !text.startsWith(expected)),
      'never another time of day on screen',
    ).toEqual([]);
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the login page starts the sign-in, and a signed-in partner sees the tiles as links', async ({
    page,
    browser,
  }) => {
    await page.goto('/');
    await expect(page).toHaveURL(`${urls.portal}/login`);
    await expect(page.getByRole('link', { name: 'Anmelden' })).toHaveAttribute('href', '/auth/login');

    await signInElsewhere(page, browser, 'partner');
    await page.goto('/');
    const tiles = page.getByRole('list', { name: 'Meine Apps' }).getByRole('link');
    await expect(tiles).toHaveCount(2);
    await expect(tiles.first()).toHaveAttribute('href', `/flows/auth?client_id=${demoApps.dealerShop}`);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Guten');
  });

  test('an employee opens the personnel app from the launcher: the gate lets her through on the server', async ({
    page,
    browser,
  }) => {
    await signInElsewhere(page, browser, 'internal-employee');
    // The application itself is not part of the local stack: its address answers here.
    await page.route('https://hr.hk-demo.test/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<h1>Personal-App</h1>' }),
    );
    await page.goto('/');
    await page.getByRole('link', { name: /Personal-App/ }).click();
    await expect(page).toHaveURL(/^https:\/\/hr\.hk-demo\.test\//);
    await expect(page.getByRole('heading', { name: 'Personal-App' })).toBeVisible();
  });
});
