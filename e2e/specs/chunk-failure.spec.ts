// A page whose code cannot be loaded (spec §8, #17.1): the portal reloads once, then shows the
// error page with a way home, and does not ask for the missing file again and again.
import { expect, signInAs, test } from '../helpers/portal.ts';

test('a missing page chunk: one reload, then the error page, and no storm of requests', async ({ page }) => {
  await signInAs(page, 'customer');
  let requests = 0;
  await page.route('**/assets/settings-page-*.js', async (route) => {
    requests += 1;
    await route.fulfill({ status: 404, body: '' });
  });
  await page.goto('/settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Fehler 500' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('link', { name: 'Zur Startseite' })).toBeVisible();
  const shown = requests;
  await page.waitForTimeout(3_000);
  expect(requests, 'requests for the missing chunk').toBeLessThanOrEqual(4);
  expect(requests - shown, 'requests after the error page was shown').toBe(0);
});
