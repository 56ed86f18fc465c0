// A page whose code cannot be loaded (spec §8, #17.1): the portal reloads once, then shows the
// error page with a way home, and does not ask for the missing file again and again.
import { expect, signInAs, test } from '../helpers/portal.ts';

test('a missing page chunk: one reload, then the error page, and no storm of requests', async ({ page }) => {
  // Routed from the start (routing also turns the HTTP cache off, so an idle prefetch of the
  // chunk during sign-in cannot hide the failure); the file goes missing after sign-in.
  let missing = false;
  let requests = 0;
  await page.route('**/assets/settings-page-*.js', async (route) => {
    if (!missing) return route.continue();
    requests += 1;
    return route.fulfill({ status: 404, body: '' });
  });
  await signInAs(page, 'customer');
  // The launcher is closed first: its idle prefetch of the chunk, once the file is missing,
  // would start the guard's one reload there, racing the navigation below.
  await page.goto('about:blank');
  missing = true;
  await page.goto('/settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Fehler 500' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('link', { name: 'Zur Startseite' })).toBeVisible();
  const shown = requests;
  await page.waitForTimeout(3_000);
  expect(requests, 'requests for the missing chunk').toBeLessThanOrEqual(4);
  expect(requests - shown, 'requests after the error page was shown').toBe(0);
});
