// The session lives on the portal server (issue #15): what a page script can reach holds no
// token, a user with very large tokens signs in and works, cross-site writes are refused,
// and oversized requests from anyone do not disturb a signed-in user. It gives the global
// administrator 400 long permissions on the dealer shop, and takes them away again before she
// signs out (the user-side specs sign her in too, before or after this one).
import { account, demoApps, urls } from '../helpers/accounts.ts';
import { clickSignOut, expect, goToHome, goToSettings, signInAs, test } from '../helpers/portal.ts';

const jwt = /eyJ[\w-]{8,}\.[\w-]{8,}\.[\w-]*/;
const sessionCookie = '__Host-hk-portal.session';

test('after sign-in, nothing a page script can reach holds a token; the session cookie is HttpOnly', async ({
  page,
  context,
}) => {
  const bodies: { url: string; text: string }[] = [];
  page.on('response', (response) => {
    if (!response.url().startsWith(urls.portal) || (response.status() >= 300 && response.status() < 400)) return;
    response.text().then(
      (text) => bodies.push({ url: response.url(), text }),
      () => undefined,
    );
  });
  await signInAs(page, 'partner', '/settings');
  await goToHome(page);
  const reachable = await page.evaluate(() =>
    JSON.stringify({ cookie: document.cookie, local: { ...localStorage }, session: { ...sessionStorage } }),
  );
  expect(reachable).not.toMatch(jwt);
  expect(reachable).not.toContain(sessionCookie);
  expect(bodies.length).toBeGreaterThan(5);
  for (const body of bodies) expect(body.text, body.url).not.toMatch(jwt);
  const cookie = (await context.cookies(urls.portal)).find((c) => c.name === sessionCookie);
  expect(cookie).toMatchObject({ httpOnly: true, secure: true, sameSite: 'Lax', path: '/' });
  expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
});

test('a cross-site form POST with the session cookie is refused', async ({ page }) => {
  await signInAs(page, 'partner');
  // Another site's page (no CSP of its own) posts a form to the portal's API.
  await page.goto('about:blank');
  const refused = page.waitForResponse((r) => r.url() === `${urls.portal}/api/Permissions`);
  await page.evaluate((action) => {
    const form = document.createElement('form');
    form.method = 'POST';
    form.action = action;
    const input = document.createElement('input');
    input.name = 'key';
    input.value = 'cross.site';
    form.append(input);
    document.body.append(form);
    form.submit();
  }, `${urls.portal}/api/Permissions`);
  const response = await refused;
  expect(response.status()).toBe(403);
  expect(await response.json()).toMatchObject({ error: { code: 'request.crossSite' } });
});

test('anonymous oversized POSTs in a loop do not disturb a signed-in user', async ({ page, playwright }) => {
  const anonymous = await playwright.request.newContext();
  const statuses: number[] = [];
  let running = true;
  const flood = (async () => {
    const body = 'x'.repeat(1024 * 1024 + 200_000);
    for (let i = 0; i < 60 && running; i += 1) {
      const answer = await anonymous.post(`${urls.portal}/api/Applications`, {
        data: body,
        headers: { 'content-type': 'application/json' },
      });
      statuses.push(answer.status());
    }
  })();
  const failed: string[] = [];
  page.on('response', (r) => {
    if (r.url().startsWith(`${urls.portal}/api/`) && r.status() >= 500) failed.push(`${r.status()} ${r.url()}`);
  });
  // A load the page itself gave up because it navigated on (a prefetch on the way to the provider) is no failure.
  page.on('requestfailed', (r) => {
    if (r.failure()?.errorText !== 'net::ERR_ABORTED') failed.push(`failed ${r.url()} ${r.failure()?.errorText ?? ''}`);
  });
  const who = await signInAs(page, 'partner');
  await goToSettings(page, 'Anwendungen');
  await goToHome(page);
  await goToSettings(page, 'Persönlich');
  await goToHome(page);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(who.firstName);
  running = false;
  await flood;
  await anonymous.dispose();
  expect(statuses.length).toBeGreaterThan(0);
  expect(new Set(statuses)).toEqual(new Set([413]));
  expect(failed).toEqual([]);
});

test('an administrator whose tokens carry 400 permissions of 100 characters signs in, works and signs out', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const admin = await signInAs(page, 'global-admin');
  const api = page.request;
  const permissionIds: string[] = [];
  for (let i = 0; i < 400; i += 1) {
    const key = `e2e.large.${String(i).padStart(3, '0')}.`.padEnd(100, 'x');
    const created = await api.post(`${urls.portal}/api/Permissions`, { data: { key } });
    expect(created.ok(), await created.text()).toBe(true);
    permissionIds.push(((await created.json()) as { id: string }).id);
  }
  const roleIds: string[] = [];
  for (const [n, part] of [permissionIds.slice(0, 200), permissionIds.slice(200)].entries()) {
    const role = await api.post(`${urls.portal}/api/Roles`, {
      data: {
        key: `e2e.large.role${n}`,
        label: `Viele Rechte ${n}`,
        permissionIds: part,
        applicationIds: [demoApps.dealerShop],
      },
    });
    expect(role.ok(), await role.text()).toBe(true);
    roleIds.push(((await role.json()) as { id: string }).id);
  }
  const access = `${urls.portal}/api/Admin/Applications/${demoApps.dealerShop}/Users/${admin.id}`;
  const current = await api.get(access);
  const had = current.ok() ? ((await current.json()) as { roles: { id: string }[] }).roles.map((r) => r.id) : [];
  const granted = await api.put(access, { data: { roleIds: [...had, ...roleIds] } });
  expect(granted.ok(), await granted.text()).toBe(true);

  // A new sign-in: the tokens now carry the 400 permissions (about 56 KB).
  await clickSignOut(page, admin);
  await expect(page).toHaveURL(`${urls.portal}/auth/logout-success`);
  const cookieHeaders: string[] = [];
  page.on('request', (request) => {
    if (request.url().startsWith(urls.portal))
      void request.headerValue('cookie').then((value) => {
        if (value !== null) cookieHeaders.push(value);
      });
  });
  await signInAs(page, 'global-admin');
  await goToSettings(page, 'Persönlich');
  await page.goto('/admin/applications');
  await expect(page.getByRole('table')).toBeVisible();
  await goToHome(page);
  // Her access to the dealer shop as it was (the demo data gives her none): her next sign-in carries
  // the usual few permissions again. This session keeps its tokens until the sign-out below.
  const restored = had.length === 0 ? await api.delete(access) : await api.put(access, { data: { roleIds: had } });
  expect(restored.ok(), await restored.text()).toBe(true);
  await clickSignOut(page, account('global-admin'));
  await expect(page).toHaveURL(`${urls.portal}/auth/logout-success`);
  expect(cookieHeaders.length).toBeGreaterThan(3);
  for (const header of cookieHeaders) expect(header.length).toBeLessThan(1024);
});
